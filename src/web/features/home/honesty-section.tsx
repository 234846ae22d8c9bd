import { useTranslation } from '@web/i18n/use-translation';
import { useSite } from '@web/components/site-context';

const POINTS = ['fictional', 'privacy', 'control'] as const;

/** What the product promises a visitor about honesty and privacy. */
export function HonestySection() {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <section className="container py-5" aria-labelledby="honesty-heading">
      <h2 id="honesty-heading" className="h3 mb-4 text-center">
        {t('home.honestyTitle', { siteName: site.name })}
      </h2>
      <div className="row g-4">
        {POINTS.map((point) => (
          <div key={point} className="col-md-4">
            <h3 className="h6 fw-bold">{t(`home.honesty.${point}.title`)}</h3>
            <p className="text-body-secondary mb-0">
              {t(`home.honesty.${point}.text`, { fictionalPlural: site.fictional_plural })}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}
