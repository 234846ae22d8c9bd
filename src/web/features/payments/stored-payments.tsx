import { useTranslation } from '@web/i18n/use-translation';
import type { StoredPaymentView } from '@contract/payments';
import { apiErrorText } from '@web/components/api-error-text';
import { useRemoveStoredPayments } from './payments-api';

/**
 * The payment details the member allowed us to keep for repeat orders, and the way to take
 * that consent back (issue 23 item 14). After removal a repeat order is a normal checkout.
 */
export function StoredPayments({ stored }: { stored: StoredPaymentView[] }) {
  const { t, i18n } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const remove = useRemoveStoredPayments();
  if (stored.length === 0)
    return remove.isSuccess ? (
      <div className="alert alert-success" role="status">
        {t('storedPayments.removed')}
      </div>
    ) : null;
  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <section className="card shadow-sm mb-4" aria-labelledby="stored-payments-heading">
      <div className="card-body">
        <h2 id="stored-payments-heading" className="h5">
          {t('storedPayments.title')}
        </h2>
        <ul className="list-unstyled mb-2">
          {stored.map((payment) => (
            <li key={payment.method}>
              <span className="fw-semibold">{t(`storedPayments.${payment.method}`)}</span>
              {' · '}
              {t('storedPayments.since', { date: dateOf(payment.since) })}
            </li>
          ))}
        </ul>
        <p className="small text-body-secondary">{t('storedPayments.rule')}</p>
        {remove.error && (
          <div className="alert alert-danger" role="alert">
            {apiErrorText(tCommon, remove.error)}
          </div>
        )}
        <button
          type="button"
          className="btn btn-outline-danger"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(t('storedPayments.removeConfirm'))) remove.mutate();
          }}
        >
          {t('storedPayments.remove')}
        </button>
      </div>
    </section>
  );
}
