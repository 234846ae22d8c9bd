import { useTranslation } from '@web/i18n/use-translation';
import { BundlePrices } from '@web/components/bundle-prices';
import { useSite } from '@web/components/site-context';
import { ContentPage } from './content-page';

/** /pricing: how credits work, with what a message costs in the visitor's country. */
export function PricingPage() {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const cost = site.minimum_message_costs[site.geoip_selected_country];
  const price = cost
    ? new Intl.NumberFormat(i18n.language, { style: 'currency', currency: cost.currency }).format(
        cost.costs / 100,
      )
    : undefined;
  return (
    <ContentPage page="pricing">
      <dl className="row bg-body-tertiary rounded-4 p-3 mx-0 mb-4">
        <dt className="col-7 col-md-5">{t('pricing.message')}</dt>
        <dd className="col-5 col-md-7 mb-2">
          {t('pricing.credits', { count: site.message_credits })}
        </dd>
        <dt className="col-7 col-md-5">{t('pricing.photo')}</dt>
        <dd className="col-5 col-md-7 mb-2">
          {t('pricing.credits', { count: site.photo_credits })}
        </dd>
        <dt className="col-7 col-md-5">{t('pricing.gift')}</dt>
        <dd className="col-5 col-md-7 mb-2">
          {t('pricing.credits', { count: site.gift_credits })}
        </dd>
        {price && (
          <>
            <dt className="col-7 col-md-5">{t('pricing.messageFrom')}</dt>
            <dd className="col-5 col-md-7 mb-0">{price}</dd>
          </>
        )}
      </dl>
      {/* issue 10 §1: the same bundles and prices as /premium and /credits. */}
      <BundlePrices />
    </ContentPage>
  );
}
