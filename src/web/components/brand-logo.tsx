import { Link } from 'react-router';
import { useSite } from '@web/components/site-context';

/**
 * The site's logo: a heart mark and the site name, linking to `to`. `compact` shows only the
 * mark below the lg breakpoint (the name stays for screen readers), to leave room for the
 * member's labelled navigation.
 */
export function BrandLogo({ to, compact = false }: { to: string; compact?: boolean }) {
  const { name } = useSite();
  return (
    <Link to={to} className="brand-logo navbar-brand d-flex align-items-center gap-2">
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 64 64">
        <rect width="64" height="64" rx="14" className="brand-logo-mark" />
        <path
          d="M32 50s-16-9.6-16-21a9 9 0 0 1 16-5.6A9 9 0 0 1 48 29c0 11.4-16 21-16 21z"
          className="brand-logo-heart"
        />
      </svg>
      {compact ? (
        <>
          <span className="fw-bold d-none d-lg-inline">{name}</span>
          <span className="visually-hidden d-lg-none">{name}</span>
        </>
      ) : (
        <span className="fw-bold">{name}</span>
      )}
    </Link>
  );
}
