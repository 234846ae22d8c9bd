import { NavLink, matchPath, useLocation, useNavigate } from 'react-router';
import { ROUTES, type RouteName, pathFor, toRouterPath } from '@contract/routes';
import { useLogout } from '@web/api/user-mutations';
import { useTranslation } from '@web/i18n/use-translation';
import { Icon } from './icons';
import { MenuDropdown } from './menu-dropdown';

const TAB_TOGGLE = 'app-tab nav-link';

function useOneOfOpen(names: RouteName[]): boolean {
  const { pathname } = useLocation();
  return names.some((name) => matchPath(toRouterPath(ROUTES[name]), pathname) !== null);
}

/** The two ways to discover members beyond search: a tab that opens upward on a phone. */
export function DiscoverMenu() {
  const { t } = useTranslation();
  return (
    <MenuDropdown
      className="app-tab-menu"
      toggleClassName={TAB_TOGGLE}
      current={useOneOfOpen(['match-finder', 'swipe-game'])}
      toggle={
        <>
          <Icon name="compass" />
          <span className="app-tab-label">{t('nav.discover')}</span>
        </>
      }
    >
      <NavLink className="dropdown-item" to={pathFor('match-finder')}>
        {t('nav.matchFinder')}
      </NavLink>
      <NavLink className="dropdown-item" to={pathFor('swipe-game')}>
        {t('nav.swipeGame')}
      </NavLink>
    </MenuDropdown>
  );
}

/**
 * spec §2 "account dropdown (My profile, Settings, Logout)": the last tab. Its label is the
 * short "Account", inside its full name "My account", so what is read out is what is seen.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <MenuDropdown
      align="end"
      className="app-tab-menu"
      toggleClassName={TAB_TOGGLE}
      toggleLabel={t('nav.account')}
      current={useOneOfOpen(['profile', 'settings'])}
      toggle={
        <>
          <Icon name="person" />
          <span className="app-tab-label">{t('nav.accountShort')}</span>
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
  );
}
