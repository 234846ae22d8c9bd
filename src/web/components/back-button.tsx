import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@web/i18n/use-translation';
import { backButtonShows, backFallback } from './back-button-rules';
import { Icon } from './icons';
import { isInstalledApp } from './installed-app';

/**
 * spec §2: the installed app's back button. React Router gives the first page of a visit the
 * key "default": with nothing of the app behind it, Back goes one level up instead of leaving
 * (or doing nothing); after that it is the history's own Back, so a list keeps its place.
 */
export function BackButton() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  if (!isInstalledApp() || !backButtonShows(location.pathname)) return null;
  const goBack = () => {
    if (location.key === 'default') void navigate(backFallback(location.pathname));
    else void navigate(-1);
  };
  return (
    <button
      type="button"
      className="btn btn-link nav-link px-1"
      onClick={goBack}
      aria-label={t('nav.back')}
    >
      <Icon name="back" />
    </button>
  );
}
