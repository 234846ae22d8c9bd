import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { paymentsApi } from '@web/api/endpoints';
import { RECURRING_METHODS, type StoredMandateView } from '@contract/payments';
import { pathFor } from '@contract/routes';
import { callApi } from '@web/api/call-api';
import { apiErrorText } from '@web/components/api-error-text';
import { formatMoney } from '@web/components/money';
import { CreditDebtNotice } from '@web/components/credit-debt-notice';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { PurchaseNotes } from './purchase-notes';
import { queryKeys } from '@web/api/query-keys';

const randomKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/** What the member is shown of the stored card or account (never more than its last digits). */
function StoredMethodName({ stored }: { stored: StoredMandateView }) {
  const { t } = useTranslation('credits');
  const digits = stored.last_digits;
  if (stored.method === 'paypal') return <>{t('storedPaypal')}</>;
  if (stored.method === 'creditcard')
    return <>{digits ? t('storedCard', { digits }) : t('storedCardUnknown')}</>;
  return <>{digits ? t('storedAccount', { digits }) : t('storedAccountUnknown')}</>;
}

function RepeatOrder() {
  const { t, i18n } = useTranslation('credits');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  // repeat=true: the server also asks the provider which stored card or account it would charge.
  const offer = useQuery({
    queryKey: queryKeys.bundles.repeatOrder,
    queryFn: ({ signal }) => callApi(paymentsApi.bundles, { query: { repeat: 'true' }, signal }),
  });
  // One key per visit and per way of paying: a double click is one order.
  const [keys] = useState(() => ({ stored: randomKey(), checkout: randomKey() }));
  const [consented, setConsented] = useState(false);
  const repeat = useMutation({
    mutationFn: (chargeStored: { mandate_id: string; price: number } | undefined) =>
      callApi(paymentsApi.repeatOrder, {
        body: chargeStored
          ? { order_key: keys.stored, charge_stored: chargeStored }
          : { order_key: keys.checkout },
      }),
    onSuccess: (answer, chargeStored) => {
      // A stored charge has no checkout: straight to the payment status page.
      if (chargeStored) void navigate(pathFor('transactions-id', { id: answer.payment_id }));
      else window.location.assign(answer.checkout_url);
    },
  });
  if (offer.error)
    return <div className="alert alert-danger">{apiErrorText(tCommon, offer.error)}</div>;
  if (!offer.data) return <PageSpinner />;
  const last = offer.data.last_order;
  const bundle = last && offer.data.bundles.find((candidate) => candidate.id === last.bundle);
  if (!last || !bundle)
    return (
      <p>
        {t('noLastOrder')}{' '}
        <Link to={pathFor('credits')} className="text-decoration-underline">
          {t('buyCredits')}
        </Link>
      </p>
    );
  const stored = last.stored ?? null;
  const amount = bundle.discounted_price ?? bundle.price;
  const price = formatMoney(amount, offer.data.currency, i18n.language);
  const busy = repeat.isPending || repeat.isSuccess;
  const newCheckout =
    last.method === 'directdebit' ? (
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
        className={stored ? 'btn btn-link px-0' : 'btn btn-primary btn-lg'}
        disabled={busy}
        onClick={() => repeat.mutate(undefined)}
      >
        {stored ? t('newCheckoutInstead') : t('repeatButton')}
      </button>
    );
  return (
    <div className="card shadow-sm" style={{ maxWidth: 560 }}>
      <div className="card-body d-grid gap-3">
        <p className="mb-0 fs-5">
          {t('repeatSummary', {
            count: bundle.credits,
            price,
            method: t(`methodNames.${last.method}`),
          })}
        </p>
        {/* A debt refuses a repeat order on a direct debit mandate: say why before it is tried. */}
        <CreditDebtNotice credits={offer.data.credits_owed} />
        {repeat.error && (
          <div className="alert alert-danger mb-0" role="alert">
            {apiErrorText(tCommon, repeat.error)}
          </div>
        )}
        {stored ? (
          <form
            className="d-grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (consented) repeat.mutate({ mandate_id: stored.mandate_id, price: amount });
            }}
          >
            {/* issue 10 §4: what will be charged, shown before the member confirms. */}
            <div className="border rounded p-3 bg-body-tertiary">
              <h2 className="h6 mb-1">{t('storedTitle')}</h2>
              <p className="mb-1 fw-semibold">
                <StoredMethodName stored={stored} />
              </p>
              <p className="mb-0">{t('storedCharge', { price })}</p>
              {stored.method === 'directdebit' && (
                <p className="mb-0 mt-1 small text-body-secondary">{t('storedDirectDebitNote')}</p>
              )}
            </div>
            <div className="form-check">
              <input
                id="stored-consent"
                className="form-check-input"
                type="checkbox"
                checked={consented}
                onChange={(event) => setConsented(event.target.checked)}
              />
              <label className="form-check-label" htmlFor="stored-consent">
                {t('storedConsent', { price })}
              </label>
            </div>
            <button type="submit" className="btn btn-primary btn-lg" disabled={!consented || busy}>
              {t('storedButton', { price })}
            </button>
            <div>{newCheckout}</div>
          </form>
        ) : (
          <>
            {/* issue 23 item 14: details are kept only when chosen at checkout; say where. */}
            {RECURRING_METHODS.includes(last.method) && (
              <p className="mb-0 small text-body-secondary">{t('repeatNoStored')}</p>
            )}
            {newCheckout}
          </>
        )}
        <PurchaseNotes vatPercent={offer.data.vat_percent} />
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
