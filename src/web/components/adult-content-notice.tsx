import { useTranslation } from '@web/i18n/use-translation';
import { useLocation } from 'react-router';
import { useSite } from '@web/components/site-context';
import { showsAdultContentNotice } from './entry-warning-rules';

/** spec §2 "Layouts": the entry warning of the chat and lander layouts, for NL and DE. */
export function AdultContentNotice() {
  const { t } = useTranslation();
  const site = useSite();
  const { pathname } = useLocation();
  if (!showsAdultContentNotice(site, pathname)) return null;
  return (
    <p className="adult-content-notice small text-center mb-0 py-1 px-2" role="note">
      {t('entryWarning.notice', { minAge: site.min_age })}
    </p>
  );
}
