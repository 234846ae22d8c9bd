import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { bundlesQuery } from '@web/api/bundles-query';
import { useUser } from '@web/api/user-api';
import { formatMoney } from './money';
import { useSite } from './site-context';

/** The credit bundles with their prices, as /premium and /credits sell them (for /pricing). */
export function BundlePrices() {
  const { t, i18n } = useTranslation('credits');
  const site = useSite();
  const { user } = useUser();
  const { data } = useQuery(bundlesQuery(user ? undefined : site.geoip_selected_country));
  if (!data) return null;
  const money = (cents: number) => formatMoney(cents, data.currency, i18n.language);
  return (
    <div className="table-responsive mb-4">
      <table className="table align-middle mb-1">
        <caption className="caption-top">{t('pricing.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('pricing.bundle')}</th>
            <th scope="col" className="text-end">
              {t('pricing.price')}
            </th>
            <th scope="col" className="text-end">
              {t('pricing.perCredit')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.bundles.map((bundle) => (
            <tr key={bundle.id}>
              <td>{t('credits', { count: bundle.credits })}</td>
              <td className="text-end fw-semibold">{money(bundle.price)}</td>
              <td className="text-end text-body-secondary">
                {money(Math.round(bundle.price / bundle.credits))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="small text-body-secondary">{t('vatIncluded', { percent: data.vat_percent })}</p>
    </div>
  );
}
