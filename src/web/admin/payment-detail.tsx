import { type FormEvent, Fragment, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPayment } from '@contract/admin-business';
import { callApi } from '@web/api/call-api';
import { queryKeys } from '@web/api/query-keys';
import { useTranslation } from '@web/i18n/use-translation';
import { BusinessError } from './business-error';
import { businessApi, money, shortTime } from './business-api';
import { MemberDirectDebit } from './member-direct-debit';

/** One payment: its figures, a Refund that asks to confirm the amount, the member's direct debit. */
export function PaymentDetail({
  payment,
  onClose,
}: {
  payment: AdminPayment;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('admin-business');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refund = useMutation({
    mutationFn: (amount_cents: number) =>
      callApi(businessApi.refund, { body: { payment: payment.id, amount_cents } }),
    onSuccess: () => {
      setConfirming(false);
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin('payments') });
    },
  });
  const amount = (cents: number) => money(cents, payment.currency, i18n.language);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(new FormData(event.currentTarget).get('amount') ?? 0);
    refund.mutate(Math.round(value * 100));
  }
  const rows: Array<[string, React.ReactNode]> = [
    [t('payments.member'), `${payment.member_name} #${payment.member_id}`],
    [t('payments.bundle'), `${payment.bundle_id} · ${payment.credits} cr`],
    [t('payments.listPrice'), amount(payment.list_price_cents)],
    [
      t('payments.discount'),
      payment.discount_code ? `${payment.discount_code} −${amount(payment.discount_cents)}` : '—',
    ],
    [t('payments.amount'), amount(payment.amount_cents)],
    [t('payments.reversed'), amount(payment.reversed_cents)],
    [t('payments.method'), `${payment.method} (${payment.provider})`],
    [t('payments.status'), t(`payments.statuses.${payment.status}`)],
    [t('payments.when'), shortTime(payment.created_at)],
    [t('payments.refundedAt'), shortTime(payment.refunded_at) || '—'],
  ];
  return (
    <aside
      className="admin-detail border rounded bg-body p-2"
      aria-labelledby="payment-detail-heading"
    >
      <div className="d-flex align-items-center mb-1">
        <h2 id="payment-detail-heading" className="h6 mb-0 me-auto">
          {t('payments.detailTitle', { id: payment.id })}
        </h2>
        <button
          type="button"
          className="btn-close btn-sm"
          aria-label={t('payments.close')}
          onClick={onClose}
        />
      </div>
      <dl className="admin-facts small mb-2">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="fw-normal text-muted">{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {payment.refundable_cents > 0 && !confirming && (
        <button
          type="button"
          className="btn btn-sm btn-outline-danger mb-2"
          onClick={() => setConfirming(true)}
        >
          {t('payments.refund')}
        </button>
      )}
      {confirming && (
        <form onSubmit={submit} className="border-top pt-2 mb-2">
          <label htmlFor="refund-amount" className="form-label small mb-0">
            {t('payments.refundAmount', { currency: payment.currency })}
          </label>
          <div className="d-flex gap-2">
            <input
              id="refund-amount"
              name="amount"
              type="number"
              step="0.01"
              min="0.01"
              required
              defaultValue={(payment.refundable_cents / 100).toFixed(2)}
              className="form-control form-control-sm"
            />
            <button type="submit" className="btn btn-sm btn-danger" disabled={refund.isPending}>
              {t('payments.confirmRefund')}
            </button>
          </div>
          <p className="small text-muted mb-0">{t('payments.refundHint')}</p>
        </form>
      )}
      <BusinessError error={refund.error} />
      <MemberDirectDebit member={payment.member_id} />
    </aside>
  );
}
