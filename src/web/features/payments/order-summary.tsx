import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
        <dl className="row mb-2">
          <dt className="col-7 fw-normal">{t('credits', { count: quote.bundle.credits })}</dt>
          <dd className="col-5 text-end mb-1">{money(quote.list_price)}</dd>
          {quote.discount && (
            <>
              <dt className="col-7 fw-normal text-success">
                {t('discountLine', {
                  code: quote.discount.code,
                  percent: quote.discount.value_percentage,
                })}
              </dt>
              <dd className="col-5 text-end text-success mb-1">−{money(quote.discount_amount)}</dd>
            </>
          )}
          <dt className="col-7 border-top pt-2">{t('total')}</dt>
          <dd className="col-5 text-end border-top pt-2 fw-bold mb-1" data-testid="total">
            {money(quote.price)}
          </dd>
          <dt className="col-7 fw-normal small text-body-secondary">
            {t('vatShare', { percent: quote.vat_percent })}
          </dt>
          <dd className="col-5 text-end small text-body-secondary mb-0">
            {money(quote.vat_amount)}
          </dd>
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
          <button type="submit" className="btn btn-outline-dark">
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
