import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { bundlesQuery } from '@web/api/bundles-query';
import { useUser } from '@web/api/user-api';
import { CreditDebtNotice } from '@web/components/credit-debt-notice';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { BundleCards } from './bundle-cards';
import { DiscountBanner } from './discount-banner';
import { PurchaseNotes } from './purchase-notes';

function CreditsOffer() {
  const { t } = useTranslation('credits');
  const { user } = useUser();
  const { data: offer } = useQuery(bundlesQuery());
  if (!offer || !user) return <PageSpinner />;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 bg-body-tertiary rounded-4 p-3 mb-4">
        <div className="me-auto">
          <div className="text-body-secondary small">{t('balance')}</div>
          <div className="fs-3 fw-bold">{t('credits', { count: user.credits })}</div>
        </div>
        {offer.last_order && (
          <Link to={pathFor('credits-repeat-order')} className="btn btn-outline-primary">
            {t('repeatOrder')}
          </Link>
        )}
        <Link to={pathFor('transactions-id')} className="btn btn-link">
          {t('transactions')}
        </Link>
      </div>
      <CreditDebtNotice credits={offer.credits_owed} />
      {offer.discount && <DiscountBanner discount={offer.discount} />}
      <h2 className="h4 mb-3">{t('buyCredits')}</h2>
      <BundleCards offer={offer} />
      <PurchaseNotes vatPercent={offer.vat_percent} />
    </>
  );
}

/** /credits: the bundles for members who paid before, their balance and past orders (spec §2). */
export function CreditsPage() {
  const { t } = useTranslation('credits');
  useDocumentTitle(t('creditsTitle'));
  return (
    <section className="container py-4 py-md-5">
      <h1 className="h2 mb-4">{t('creditsTitle')}</h1>
      <RequireLogin>
        <CreditsOffer />
      </RequireLogin>
    </section>
  );
}
