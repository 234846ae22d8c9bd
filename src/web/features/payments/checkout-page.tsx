import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ISSUER_NAMES,
  type PaymentMethod,
  RECURRING_METHODS,
  paymentMethodSchema,
} from '@contract/payments';
import { pathFor } from '@contract/routes';
import { bundlesQuery } from '@web/api/bundles-query';
import { apiErrorText } from '@web/components/api-error-text';
import { formatMoney } from '@web/components/money';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useCompanyInfo } from '@web/api/site-api';
import { useDocumentTitle } from '@web/components/use-document-title';
import { PaymentMethodLogos } from './payment-method-logos';
import { PayBlock } from './pay-block';
import './checkout.scss';
import { OrderSummary } from './order-summary';
import { orderKeysByChoice } from './order-keys';
import { quoteQuery, useCheckout } from './payments-api';

// The Pay button sits outside the form (pay-block.tsx) and submits it by this id.
const CHECKOUT_FORM = 'checkout-form';

function Checkout({
  bundleId,
  method: fromUrl,
}: {
  bundleId: string;
  method: PaymentMethod | undefined;
}) {
  const { t, i18n } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const { data: offer } = useQuery(bundlesQuery());
  const { data: company } = useCompanyInfo();
  const [code, setCode] = useState('');
  const [issuer, setIssuer] = useState('');
  // issue 23 item 14: unticked until the member chooses it; never carried to another method.
  const [storeForRepeat, setStoreForRepeat] = useState(false);
  // One key per choice on this page: a double click or a retry is one order, another
  // method, bank or code another one (issue 10).
  const [orderKeyFor] = useState(orderKeysByChoice);
  // The choice shows at once; the address follows it (spec §2 {paymentmethod?}).
  const [method, setMethod] = useState(fromUrl);
  const chosen = method && offer?.methods.includes(method) ? method : undefined;
  // The previous price stays on screen while a new method or code is priced.
  const quote = useQuery({
    ...quoteQuery(bundleId, chosen, code),
    enabled: Boolean(offer),
    placeholderData: keepPreviousData,
  });
  const checkout = useCheckout();

  if (quote.error)
    return <div className="alert alert-danger">{apiErrorText(tCommon, quote.error)}</div>;
  if (!offer || !quote.data) return <PageSpinner />;
  const money = (cents: number) => formatMoney(cents, quote.data.currency, i18n.language);
  const issuers = chosen ? (offer.issuers[chosen] ?? []) : [];
  // A bank picked for iDEAL is not sent with a method that has no banks (a card, PayPal).
  const bank = issuers.includes(issuer) ? issuer : '';
  // Only a code the quote applied goes with the order: after a rejected one the member pays
  // the price shown, with the time bonus or welcome discount they keep (issue 23 item 8).
  const orderCode = code && quote.data.discount?.code === code ? code : '';
  // Only a method that can leave a mandate offers to keep the details (docs/payments.md).
  const storable = chosen !== undefined && RECURRING_METHODS.includes(chosen);
  const store = storable && storeForRepeat;

  const choose = (next: PaymentMethod) => {
    setMethod(next);
    setStoreForRepeat(false);
    void navigate(pathFor('credits-id-paymentmethod', { id: bundleId, paymentmethod: next }), {
      replace: true,
    });
  };
  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    if (chosen === 'directdebit') {
      const query = new URLSearchParams({
        bundle: bundleId,
        ...(orderCode ? { code: orderCode } : {}),
      });
      void navigate(`${pathFor('directdebit')}?${query}`);
      return;
    }
    checkout.mutate(
      {
        bundle: bundleId,
        method: chosen,
        order_key: orderKeyFor([bundleId, chosen, bank, orderCode, store ? 'store' : '']),
        ...(bank ? { issuer: bank } : {}),
        ...(orderCode ? { code: orderCode } : {}),
        ...(store ? { store_for_repeat: true } : {}),
      },
      { onSuccess: (answer) => window.location.assign(answer.checkout_url) },
    );
  };

  return (
    <div className="checkout">
      <div className="checkout-summary">
        <OrderSummary
          quote={quote.data}
          companyName={company?.name}
          onApplyCode={(next) => setCode(next)}
        />
        <p className="mt-3 mb-0">
          <Link to={pathFor('credits')}>{t('otherBundle')}</Link>
        </p>
      </div>
      <form
        id={CHECKOUT_FORM}
        className="checkout-methods"
        onSubmit={pay}
        aria-labelledby="method-heading"
      >
        <fieldset className="mb-4">
          <legend id="method-heading" className="h5">
            {t('chooseMethod')}
          </legend>
          <div className="list-group">
            {offer.methods.map((candidate) => (
              <label
                key={candidate}
                className="list-group-item list-group-item-action d-flex gap-2 align-items-center py-2"
              >
                <input
                  className="form-check-input m-0 flex-shrink-0"
                  type="radio"
                  name="method"
                  value={candidate}
                  checked={chosen === candidate}
                  onChange={() => choose(candidate)}
                />
                <span>{t(`methods.${candidate}`)}</span>
                <PaymentMethodLogos method={candidate} />
              </label>
            ))}
          </div>
        </fieldset>
        {issuers.length > 0 && (
          <div className="mb-4">
            <label htmlFor="issuer" className="form-label fw-semibold">
              {t('chooseBank')}
            </label>
            <select
              id="issuer"
              className="form-select"
              value={issuer}
              onChange={(event) => setIssuer(event.target.value)}
            >
              <option value="">{t('bankLater')}</option>
              {issuers.map((id) => (
                <option key={id} value={id}>
                  {ISSUER_NAMES[id] ?? id}
                </option>
              ))}
            </select>
          </div>
        )}
        {storable && (
          <div className="form-check mb-4">
            <input
              id="store-for-repeat"
              className="form-check-input"
              type="checkbox"
              checked={storeForRepeat}
              onChange={(event) => setStoreForRepeat(event.target.checked)}
              aria-describedby="store-for-repeat-rule"
            />
            <label htmlFor="store-for-repeat" className="form-check-label fw-semibold">
              {t('storeForRepeat.label')}
            </label>
            {/* The amount rule, shown before the member chooses (issue 23 item 14). */}
            <p id="store-for-repeat-rule" className="form-text mb-0">
              {t('storeForRepeat.rule', {
                credits: t('credits', { count: quote.data.bundle.credits }),
                price: money(quote.data.list_price),
              })}
            </p>
          </div>
        )}
        {checkout.error && (
          <div className="alert alert-danger mb-0" role="alert">
            {apiErrorText(tCommon, checkout.error)}
          </div>
        )}
      </form>
      <PayBlock
        formId={CHECKOUT_FORM}
        quote={quote.data}
        chosen={chosen !== undefined}
        busy={checkout.isPending || checkout.isSuccess}
      />
    </div>
  );
}

/** /credits/{id}/{paymentmethod?}: method and bank choice, the price, then the provider. */
export function CheckoutPage() {
  const { t } = useTranslation('payments');
  const params = useParams();
  const method = paymentMethodSchema.safeParse(params.paymentmethod);
  useDocumentTitle(t('checkoutTitle'));
  return (
    <section className="container py-4 py-md-5">
      <h1 className="h2 mb-4">{t('checkoutTitle')}</h1>
      <RequireLogin>
        <Checkout bundleId={params.id ?? ''} method={method.success ? method.data : undefined} />
      </RequireLogin>
    </section>
  );
}
