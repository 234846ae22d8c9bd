import { useTranslation } from 'react-i18next';
import { useSite } from '@web/components/site-context';

// spec §2 "Layouts": the chat and lander layouts show the entry warning only for NL and DE.
const NOTICE_COUNTRIES = ['NL', 'DE'];

export function AdultContentNotice() {
  const { t } = useTranslation();
  const site = useSite();
  if (!NOTICE_COUNTRIES.includes(site.geoip_selected_country)) return null;
  return (
    <p className="adult-content-notice small text-center mb-0 py-1 px-2" role="note">
      {t('entryWarning.notice', { minAge: site.min_age })}
    </p>
  );
}
