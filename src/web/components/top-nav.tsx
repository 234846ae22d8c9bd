import type { ReactNode } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { BrandLogo } from './brand-logo';
import { BackButton } from './back-button';
import { LanguageDropdown } from './language-dropdown';

/**
 * spec §2 "Top navigation": the logo goes to members when logged in, else to index.
 * `memberMenu` is the member's items, from the member-only chunk (the layout passes it in).
 */
export function TopNav({ memberMenu }: { memberMenu: ReactNode }) {
  const { t } = useTranslation();
  const { user, isLoading } = useUser();
  return (
    // Bootstrap's navbar classes on plain elements: react-bootstrap's Navbar would add its
    // collapse machinery to the first page load for nothing (issue 25 item 6).
    <nav
      className="app-top-bar navbar navbar-expand bg-body border-bottom shadow-sm sticky-top py-1"
      aria-label={t('nav.main')}
    >
      <div className="container gap-1 flex-nowrap">
        <BackButton />
        <BrandLogo to={user ? pathFor('members') : pathFor('index')} compact={Boolean(user)} />
        {/* On a phone the member's tabs leave this row for the bar at the screen's foot
            (member-nav.tsx); Premium or Credits and the language stay here, one tap away. */}
        <div className="d-flex align-items-center gap-1 ms-auto">
          {user && memberMenu}
          <LanguageDropdown compact={Boolean(user)} />
          {/* Offline, who is here is not known yet (issue 29 item 12): no login to offer. */}
          {!user && !isLoading && (
            <Link to={pathFor('login')} className="btn btn-primary">
              {t('nav.login')}
            </Link>
          )}
        </div>
      </div>
    </nav>
  );
}
