import { useTranslation } from 'react-i18next';
import { useSite } from '@web/components/site-context';

/** The disclaimer under the footer of the default layout (spec §2 "Layouts"). */
export function Disclaimer() {
  const { t, i18n } = useTranslation();
  const site = useSite();
  // spec §1: an extra footer only for the US English site.
  const showUsFooter = i18n.language === 'en' && site.geoip_selected_country === 'US';
  return (
    <div className="bg-dark border-top border-secondary text-light-emphasis small py-3">
      <div className="container">
        <p className="mb-1">
          {t('disclaimer.text', {
            siteName: site.name,
            minAge: site.min_age,
            fictionalPlural: site.fictional_plural,
          })}
        </p>
        {showUsFooter && (
          <p className="mb-0">
            {t('disclaimer.us', { siteName: site.name, minAge: site.min_age })}
          </p>
        )}
      </div>
    </div>
  );
}
