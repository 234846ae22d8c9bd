import { useTranslation } from '@web/i18n/use-translation';
import { Link, NavLink, useNavigate } from 'react-router';
import type { LoggedInUser } from '@contract/account';
import { pathFor } from '@contract/routes';
import { useLogout } from '@web/api/user-mutations';
import { badgeText, creditsBadgeVariant } from './count-badge';
import { useLiveCounts } from './live-counts';
import { Icon, type IconName } from './icons';
import { MenuDropdown } from './menu-dropdown';

interface NavItemProps {
  to: string;
  icon: IconName;
  label: string;
  badge?: string | undefined;
  badgeVariant?: string;
}

function NavItem({ to, icon, label, badge, badgeVariant = 'unread-messages' }: NavItemProps) {
  return (
    <NavLink
      to={to}
      className={`nav-link d-flex align-items-center gap-1 px-1 px-sm-2 position-relative${badge ? ' me-1 me-lg-0' : ''}`}
    >
      <Icon name={icon} />
      <span className="d-none d-lg-inline">{label}</span>
      <span className="visually-hidden d-lg-none">{label}</span>
      {badge && (
        <span className={`badge rounded-pill text-bg-${badgeVariant} nav-badge`}>{badge}</span>
      )}
    </NavLink>
  );
}

/**
 * spec §2 "Top navigation (logged in)". The new-like count comes from likes.php, the unread
 * messages from chats.php (99+ above 99).
 */
export function MemberNav({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  const { newLikes, unreadMessages } = useLiveCounts();
  const navigate = useNavigate();
  const logout = useLogout();
  const creditsVariant = creditsBadgeVariant(user.credits);
  return (
    <>
      <NavItem to={pathFor('members')} icon="search" label={t('nav.search')} />
      <MenuDropdown
        toggleClassName="nav-link d-flex align-items-center gap-1 px-1 px-sm-2"
        toggle={
          <>
            <Icon name="compass" />
            <span className="d-none d-lg-inline">{t('nav.discover')}</span>
            <span className="visually-hidden d-lg-none">{t('nav.discover')}</span>
          </>
        }
      >
        <Link className="dropdown-item" to={pathFor('match-finder')}>
          {t('nav.matchFinder')}
        </Link>
        <Link className="dropdown-item" to={pathFor('swipe-game')}>
          {t('nav.swipeGame')}
        </Link>
      </MenuDropdown>
      <NavItem
        to={pathFor('chats')}
        icon="chat"
        label={t('nav.messages')}
        badge={badgeText(unreadMessages)}
      />
      <NavItem
        to={pathFor('likes')}
        icon="heart"
        label={t('nav.likes')}
        badge={badgeText(newLikes)}
        badgeVariant="pink"
      />
      {user.paid_user ? (
        <NavItem
          to={pathFor('credits')}
          icon="coin"
          label={t('nav.credits')}
          badge={creditsVariant ? String(user.credits) : undefined}
          badgeVariant={creditsVariant ?? 'secondary'}
        />
      ) : (
        <NavLink
          to={pathFor('premium')}
          className="btn btn-secondary btn-sm d-flex align-items-center gap-1 ms-1"
        >
          <Icon name="gem" size={16} />
          <span className="d-none d-sm-inline">{t('nav.getPremium')}</span>
          <span className="visually-hidden d-sm-none">{t('nav.getPremium')}</span>
        </NavLink>
      )}
      <MenuDropdown
        align="end"
        toggleClassName="nav-link d-flex align-items-center gap-1 px-1 px-sm-2"
        toggle={
          <>
            <Icon name="person" />
            <span className="visually-hidden">{t('nav.account')}</span>
            <span className="d-none d-xl-inline text-truncate" style={{ maxWidth: '8rem' }}>
              {user.profile.name}
            </span>
          </>
        }
      >
        <button
          type="button"
          className="dropdown-item"
          onClick={() => void navigate(pathFor('profile'))}
        >
          {t('nav.myProfile')}
        </button>
        <button
          type="button"
          className="dropdown-item"
          onClick={() => void navigate(pathFor('settings'))}
        >
          {t('nav.settings')}
        </button>
        <hr className="dropdown-divider" />
        <button
          type="button"
          className="dropdown-item"
          onClick={() =>
            logout.mutate(undefined, { onSettled: () => void navigate(pathFor('index')) })
          }
        >
          {t('nav.logout')}
        </button>
      </MenuDropdown>
    </>
  );
}
