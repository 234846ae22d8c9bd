import { useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import type { Quote } from '@contract/payments';
import { formatMoney } from '@web/components/money';
import { CheckoutNotes } from './checkout-notes';

/**
 * What the member buys and pays (issue 10): the bundle, the discount, the total with its VAT,
 * the discount code field and the seller's notes. On a phone it comes before the methods and
 * the Pay button (issue 25 item 8), so the price is read before it is paid.
 */
export function OrderSummary({
  quote,
  companyName,
  onApplyCode,
}: {
  quote: Quote;
  companyName: string | undefined;
  onApplyCode: (code: string) => void;
}) {
  const { t, i18n } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const [codeInput, setCodeInput] = useState('');
  const money = (cents: number) => formatMoney(cents, quote.currency, i18n.language);
  return (
    <section className="card shadow-sm" aria-labelledby="summary-heading">
      <div className="card-body">
        <h2 id="summary-heading" className="h5">
          {t('summary')}
        </h2>
        {/* One line per figure, the amount at the end. */}
        <dl className="mb-3">
          <div className="d-flex justify-content-between gap-3 mb-1">
            <dt className="fw-normal">{t('credits', { count: quote.bundle.credits })}</dt>
            <dd className="mb-0 text-nowrap">{money(quote.list_price)}</dd>
          </div>
          {quote.discount && (
            <div className="d-flex justify-content-between gap-3 mb-1 text-success">
              <dt className="fw-normal">
                {t('discountLine', {
                  code: quote.discount.code,
                  percent: quote.discount.value_percentage,
                })}
              </dt>
              <dd className="mb-0 text-nowrap">−{money(quote.discount_amount)}</dd>
            </div>
          )}
          <div className="d-flex justify-content-between gap-3 border-top pt-2 mt-2 fs-5">
            <dt>{t('total')}</dt>
            <dd className="mb-0 fw-bold text-nowrap" data-testid="total">
              {money(quote.price)}
            </dd>
          </div>
          <div className="d-flex justify-content-between gap-3 small text-body-secondary">
            <dt className="fw-normal">{t('vatShare', { percent: quote.vat_percent })}</dt>
            <dd className="mb-0 text-nowrap">{money(quote.vat_amount)}</dd>
          </div>
        </dl>
        <form
          className="d-flex gap-2 mb-2"
          onSubmit={(event) => {
            event.preventDefault();
            onApplyCode(codeInput.trim().toUpperCase());
          }}
        >
          <label htmlFor="discount-code" className="visually-hidden">
            {t('discountCode')}
          </label>
          <input
            id="discount-code"
            className="form-control"
            placeholder={t('discountCode')}
            value={codeInput}
            onChange={(event) => setCodeInput(event.target.value)}
            maxLength={32}
          />
          <button type="submit" className="btn btn-outline-secondary">
            {t('applyCode')}
          </button>
        </form>
        {quote.discount_error && (
          <p className="text-danger small mb-2" role="alert">
            {tCommon(`errors.${quote.discount_error}`)}
          </p>
        )}
        <CheckoutNotes vatPercent={quote.vat_percent} companyName={companyName} />
      </div>
    </section>
  );
}
