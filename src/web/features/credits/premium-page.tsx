import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { bundlesQuery } from '@web/api/bundles-query';
import { useUser } from '@web/api/user-api';
import { Icon } from '@web/components/icons';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { BundleCards } from './bundle-cards';
import { DiscountBanner } from './discount-banner';
import { PurchaseNotes } from './purchase-notes';

const BENEFITS = ['photos', 'chat', 'chance', 'support'] as const;

function PremiumOffer() {
  const { t } = useTranslation('credits');
  const { user } = useUser();
  const { data: offer } = useQuery(bundlesQuery());
  if (!offer) return <PageSpinner />;
  return (
    <>
      {user?.paid_user && (
        <div className="alert alert-success" role="status">
          {t('alreadyPremium')} <Link to={pathFor('credits')}>{t('toCredits')}</Link>
        </div>
      )}
      <ul className="list-unstyled row row-cols-1 row-cols-md-2 g-2 mb-4">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="col d-flex gap-2 align-items-start">
            <span className="text-success flex-shrink-0">
              <Icon name="check" />
            </span>
            <span>{t(`benefits.${benefit}`)}</span>
          </li>
        ))}
      </ul>
      {offer.discount && <DiscountBanner discount={offer.discount} />}
      <h2 className="h4 mb-3">{t('choosePackage')}</h2>
      <BundleCards offer={offer} />
      <PurchaseNotes vatPercent={offer.vat_percent} />
    </>
  );
}

/** /premium: the premium package list for members who never paid (spec §2, §1). */
export function PremiumPage() {
  const { t } = useTranslation('credits');
  useDocumentTitle(t('premiumTitle'));
  return (
    <section className="container py-4 py-md-5">
      <h1 className="h2 mb-2">{t('premiumTitle')}</h1>
      <p className="lead mb-4">{t('premiumLead')}</p>
      <RequireLogin>
        <PremiumOffer />
      </RequireLogin>
    </section>
  );
}
