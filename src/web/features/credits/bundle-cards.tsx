import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { BundlesAnswer } from '@contract/payments';
import { pathFor } from '@contract/routes';
import { formatMoney } from '@web/components/money';
import { useSite } from '@web/components/site-context';

/** The bundles as cards, each leading to its checkout (spec §2 credits-id-paymentmethod). */
export function BundleCards({ offer }: { offer: BundlesAnswer }) {
  const { t, i18n } = useTranslation('credits');
  const site = useSite();
  const money = (cents: number) => formatMoney(cents, offer.currency, i18n.language);
  return (
    <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 gy-4 mb-3 pt-2">
      {offer.bundles.map((bundle) => {
        const price = bundle.discounted_price ?? bundle.price;
        const perMessage = Math.round((price / bundle.credits) * site.message_credits);
        return (
          <div className="col" key={bundle.id}>
            <article
              className={`card h-100 text-center shadow-sm position-relative ${bundle.popular ? 'border-primary border-2' : ''}`}
              aria-labelledby={`bundle-${bundle.id}`}
            >
              {/* On the border, so every card's figures line up. */}
              {bundle.popular && (
                <span className="position-absolute top-0 start-50 translate-middle badge rounded-pill text-bg-primary px-3 py-2">
                  {t('popular')}
                </span>
              )}
              <div className="card-body d-flex flex-column gap-2 pt-4">
                <h2 id={`bundle-${bundle.id}`} className="h4 mb-0">
                  {t('credits', { count: bundle.credits })}
                </h2>
                <p className="mb-0">
                  {bundle.discounted_price !== null && (
                    <>
                      <del className="text-body-secondary me-2">
                        <span className="visually-hidden">{t('oldPrice')} </span>
                        {money(bundle.price)}
                      </del>
                      <span className="visually-hidden">{t('newPrice')} </span>
                    </>
                  )}
                  <span className="fs-3 fw-bold">{money(price)}</span>
                </p>
                <p className="small text-body-secondary mb-2">
                  {t('perMessage', { price: money(perMessage) })}
                </p>
                <Link
                  to={pathFor('credits-id-paymentmethod', { id: bundle.id })}
                  className={`btn ${bundle.popular ? 'btn-primary' : 'btn-outline-primary'} mt-auto`}
                  aria-label={t('chooseBundle', { count: bundle.credits })}
                >
                  {t('choose')}
                </Link>
              </div>
            </article>
          </div>
        );
      })}
    </div>
  );
}
