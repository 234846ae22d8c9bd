import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paymentsApi } from '@contract/endpoints/payments';
import { pathFor } from '@contract/routes';
import { bundlesQuery } from '@web/api/bundles-query';
import { callApi } from '@web/api/call-api';
import { apiErrorText } from '@web/components/api-error-text';
import { formatMoney } from '@web/components/money';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useMutation } from '@tanstack/react-query';
import { PurchaseNotes } from './purchase-notes';

const randomKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

function RepeatOrder() {
  const { t, i18n } = useTranslation('credits');
  const { t: tCommon } = useTranslation();
  const { data: offer } = useQuery(bundlesQuery());
  const [orderKey] = useState(randomKey);
  const repeat = useMutation({
    mutationFn: () => callApi(paymentsApi.repeatOrder, { body: { order_key: orderKey } }),
    onSuccess: (answer) => window.location.assign(answer.checkout_url),
  });
  if (!offer) return <PageSpinner />;
  const last = offer.last_order;
  const bundle = last && offer.bundles.find((candidate) => candidate.id === last.bundle);
  if (!last || !bundle)
    return (
      <p>
        {t('noLastOrder')}{' '}
        <Link to={pathFor('credits')} className="text-decoration-underline">
          {t('buyCredits')}
        </Link>
      </p>
    );
  return (
    <div className="card shadow-sm" style={{ maxWidth: 520 }}>
      <div className="card-body d-grid gap-3">
        <p className="mb-0">
          {t('repeatSummary', {
            count: bundle.credits,
            price: formatMoney(bundle.price, offer.currency, i18n.language),
            method: t(`methodNames.${last.method}`),
          })}
        </p>
        {repeat.error && (
          <div className="alert alert-danger mb-0" role="alert">
            {apiErrorText(tCommon, repeat.error)}
          </div>
        )}
        {last.method === 'directdebit' ? (
          // A direct debit is confirmed by a new SMS code each time (spec §5).
          <Link
            to={`${pathFor('directdebit')}?bundle=${encodeURIComponent(bundle.id)}`}
            className="btn btn-primary btn-lg"
          >
            {t('repeatButton')}
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-lg"
            disabled={repeat.isPending || repeat.isSuccess}
            onClick={() => repeat.mutate()}
          >
            {t('repeatButton')}
          </button>
        )}
        <PurchaseNotes vatPercent={offer.vat_percent} />
      </div>
    </div>
  );
}

/** /credits/repeat-order: the last bundle with the last method, in one step (issue 10 §4). */
export function RepeatOrderPage() {
  const { t } = useTranslation('credits');
  useDocumentTitle(t('repeatOrder'));
  return (
    <section className="container py-4 py-md-5">
      <h1 className="h2 mb-4">{t('repeatOrder')}</h1>
      <RequireLogin>
        <RepeatOrder />
      </RequireLogin>
    </section>
  );
}
