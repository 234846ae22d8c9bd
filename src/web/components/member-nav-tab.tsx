import { NavLink } from 'react-router';
import { Icon, type IconName } from './icons';

interface MemberNavTabProps {
  to: string;
  icon: IconName;
  label: string;
  /** The count it carries (99+ above 99), or nothing. */
  badge?: string | undefined;
  badgeVariant?: string;
  /** Current only on its own path, not below it (a member's page is not the search page). */
  end?: boolean;
}

/**
 * One item of the member navigation (spec §2): a tab of the bottom bar on a phone, a labelled
 * link of the top bar from the md breakpoint up (_app-shell.scss). The label always shows; the
 * badge follows it in the text, so the link is named "Messages 3", and CSS moves it onto the
 * icon. NavLink marks the open page with aria-current="page".
 */
export function MemberNavTab({
  to,
  icon,
  label,
  badge,
  badgeVariant = 'unread-messages',
  end = false,
}: MemberNavTabProps) {
  return (
    <NavLink to={to} end={end} className="app-tab nav-link">
      <Icon name={icon} />
      <span className="app-tab-label">{label}</span>
      {badge && (
        <span className={`badge rounded-pill text-bg-${badgeVariant} app-tab-badge`}>{badge}</span>
      )}
    </NavLink>
  );
}
