import type { ReactNode } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, useLocation, useNavigate } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { BrandLogo } from './brand-logo';
import { Icon } from './icons';
import { isInstalledApp } from './installed-app';
import { LanguageDropdown } from './language-dropdown';

// spec §2: the back button shows only in an installed web app on member, likes and credits pages.
const BACK_BUTTON_PATHS = /^\/(members\/|likes|credits)/;

/**
 * spec §2 "Top navigation": the logo goes to members when logged in, else to index.
 * `memberMenu` is the member's items, from the member-only chunk (the layout passes it in).
 */
export function TopNav({ memberMenu }: { memberMenu: ReactNode }) {
  const { t } = useTranslation();
  const { user, isLoading } = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const showBack = isInstalledApp() && BACK_BUTTON_PATHS.test(location.pathname);
  return (
    // Bootstrap's navbar classes on plain elements: react-bootstrap's Navbar would add its
    // collapse machinery to the first page load for nothing (issue 25 item 6).
    <nav
      className="navbar navbar-expand bg-body border-bottom shadow-sm sticky-top py-1"
      aria-label={t('nav.main')}
    >
      <div className="container gap-1 flex-nowrap">
        {showBack && (
          <button
            type="button"
            className="btn btn-link nav-link px-1"
            onClick={() => void navigate(-1)}
            aria-label={t('nav.back')}
          >
            <Icon name="back" />
          </button>
        )}
        <BrandLogo to={user ? pathFor('members') : pathFor('index')} compact={Boolean(user)} />
        {/* Issue 7 §5.3: on a 375 px phone the member's icons, account and language menus
            share one row; tighter gaps and the logo's mark alone keep it within the screen. */}
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
