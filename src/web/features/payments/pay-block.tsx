import { useTranslation } from '@web/i18n/use-translation';
import type { Quote } from '@contract/payments';
import { formatMoney } from '@web/components/money';

/**
 * The Pay button with what it pays for beside it (issue 32 item 8): the bundle and the total
 * on the line above, so the member reads the amount where they confirm it. It submits the
 * method form by its id, so the page may place it apart from the form (checkout.scss: beside
 * the summary on a wide screen, under the methods on a phone).
 */
export function PayBlock({
  formId,
  quote,
  chosen,
  busy,
}: {
  formId: string;
  quote: Quote;
  chosen: boolean;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation('payments');
  const price = formatMoney(quote.price, quote.currency, i18n.language);
  return (
    <div className="checkout-pay">
      <p className="d-flex justify-content-between align-items-baseline gap-3 mb-2">
        <span>{t('credits', { count: quote.bundle.credits })}</span>
        <span className="fs-5">
          {t('total')} <strong className="text-nowrap">{price}</strong>
        </span>
      </p>
      <button
        type="submit"
        form={formId}
        className="btn btn-primary btn-lg w-100 checkout-pay-button"
        disabled={!chosen || busy}
        aria-describedby={chosen ? undefined : 'pick-method-first'}
      >
        {t('payButton', { price })}
      </button>
      {!chosen && (
        <p id="pick-method-first" className="small text-body-secondary mt-2 mb-0">
          {t('pickMethodFirst')}
        </p>
      )}
    </div>
  );
}
