import { useTranslation } from '@web/i18n/use-translation';
import { useSite } from '@web/components/site-context';

/** The disclaimer under the footer of the default layout (spec §2 "Layouts"). */
export function Disclaimer() {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <div className="bg-dark border-top border-secondary text-light-emphasis small py-3">
      <div className="container">
        <p className="mb-0">
          {t('disclaimer.text', {
            siteName: site.name,
            minAge: site.min_age,
            fictionalPlural: site.fictional_plural,
          })}
        </p>
      </div>
    </div>
  );
}
