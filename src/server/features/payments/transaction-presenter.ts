import type { PaymentMethod, PaymentStatus, Transaction } from '@contract/payments';
import { vatShareOf } from './order-quote';
import type { PaymentRow } from './payment-queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * issue 10 §7: a purchase may be cancelled within the site's refund_days (spec §3, §9
 * "Cancellation: {refund_days} days") while its credits are unspent, i.e. the balance still
 * holds at least what it brought.
 */
export function isRefundable(
  row: PaymentRow,
  balance: number,
  refundDays: number,
  now = Date.now(),
): boolean {
  return (
    row.status === 'paid' &&
    row.fulfilled_at !== null &&
    row.refund_requested_at === null &&
    // Charged back or refunded at the provider in part: its credits were taken already.
    row.reversed_cents === 0 &&
    now - Date.parse(row.fulfilled_at) <= refundDays * DAY_MS &&
    balance >= row.credits
  );
}

/** One purchase as its owner sees it (transactions list, receipt, status page). */
export function presentTransaction(
  row: PaymentRow,
  balance: number,
  refundDays: number,
): Transaction {
  const open = row.status === 'open';
  return {
    id: row.id,
    bundle: row.bundle_id,
    credits: row.credits,
    currency: row.currency,
    list_price: row.list_price_cents,
    discount_amount: row.discount_cents,
    discount_code: row.discount_code,
    price: row.amount_cents,
    vat_percent: row.vat_percent,
    vat_amount: vatShareOf(row.amount_cents, row.vat_percent),
    method: row.method as PaymentMethod,
    status: row.status as PaymentStatus,
    created_at: row.created_at,
    paid_at: row.fulfilled_at,
    refundable: isRefundable(row, balance, refundDays),
    checkout_url: open ? row.checkout_url : null,
  };
}
