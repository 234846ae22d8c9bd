import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { Transaction } from '@contract/payments';
import { pathFor } from '@contract/routes';
import { formatMoney } from '@web/components/money';

/** spec §4 "Payment status: loading, pending, completed, failed", from the payment's status. */
export type StatusView = 'loading' | 'pending' | 'completed' | 'failed' | 'refunded';

export function statusViewOf(transaction: Transaction | undefined): StatusView {
  if (!transaction) return 'loading';
  switch (transaction.status) {
    case 'paid':
      return 'completed';
    case 'refunded':
      return 'refunded';
    case 'failed':
    case 'canceled':
    case 'expired':
      return 'failed';
    default:
      return 'pending';
  }
}

/**
 * Which texts a status shows. Within spec §4's pending, an order not paid yet says so rather
 * than "being processed"; within failed, a cancelled or expired payment is called what it is
 * (issue 23 item 13), not "Payment failed".
 */
export function statusTextsOf(view: StatusView, transaction: Transaction | undefined): string {
  if (view === 'pending' && transaction?.status === 'open') return 'open';
  if (view === 'failed' && transaction) return transaction.status;
  return view;
}

const TONE: Record<StatusView, string> = {
  loading: 'alert-light',
  pending: 'alert-info',
  completed: 'alert-success',
  failed: 'alert-danger',
  refunded: 'alert-secondary',
};

/** The status panel of the payment status page; live, so screen readers hear the change. */
export function PaymentStatusPanel({
  transaction,
  credits,
}: {
  transaction: Transaction | undefined;
  credits: number | undefined;
}) {
  const { t, i18n } = useTranslation('payments');
  const view = statusViewOf(transaction);
  const texts = statusTextsOf(view, transaction);
  return (
    <div className={`alert ${TONE[view]} d-flex gap-3 align-items-start`} role="status">
      {(view === 'loading' || view === 'pending') && (
        <span className="spinner-border spinner-border-sm mt-1 flex-shrink-0" aria-hidden="true" />
      )}
      <div>
        <h2 className="h5 mb-1">{t(`status.${texts}.title`)}</h2>
        <p className="mb-0">
          {view === 'completed' && transaction
            ? t('status.completed.text', { count: transaction.credits, balance: credits ?? 0 })
            : t(`status.${texts}.text`)}
        </p>
        {/* Without a receipt yet, the order itself: what is (or was not) being paid. */}
        {transaction && (view === 'pending' || view === 'failed') && (
          <p className="mb-0 mt-1 fw-semibold">
            {[
              t('credits', { count: transaction.credits }),
              formatMoney(transaction.price, transaction.currency, i18n.language),
              t(`methods.${transaction.method}`),
            ].join(' · ')}
          </p>
        )}
        {view === 'failed' && transaction && (
          <Link
            to={pathFor('credits-id-paymentmethod', { id: transaction.bundle })}
            className="btn btn-danger btn-sm mt-2"
          >
            {t('tryAgain')}
          </Link>
        )}
        {view === 'pending' && transaction?.checkout_url && (
          <a href={transaction.checkout_url} className="btn btn-outline-primary btn-sm mt-2">
            {t('continuePayment')}
          </a>
        )}
        {view === 'completed' && (
          <Link to={pathFor('members')} className="btn btn-success btn-sm mt-2">
            {t('startChatting')}
          </Link>
        )}
      </div>
    </div>
  );
}
