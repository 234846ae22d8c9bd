import { sql } from 'kysely';
import type { Db } from '@server/db/database';
import { dropPremiumUnlessStillPaid } from '@server/db/members-table';
import { takeCreditsBack } from '@server/features/credits';
import type { MemberEvents } from '@server/realtime/member-events';
import type { ProviderPayment } from './providers/payment-provider';

/** The credits that `cents` of a payment bought, rounded up: a reversal never leaves a part. */
const creditsFor = (row: { credits: number; amount_cents: number }, cents: number) =>
  row.amount_cents <= 0
    ? 0
    : Math.min(row.credits, Math.ceil((row.credits * cents) / row.amount_cents));

/**
 * Chargebacks and refunds made at the provider (issue 23 item 2, docs/payments.md
 * "Chargebacks and dashboard refunds"). Mollie keeps such a payment `paid` and reports the
 * amounts that went back; each webhook (and each ask) brings the totals. What is new since
 * the last time (`reversed_cents`) takes its share of the credits back, in one transaction
 * under the payment's row lock, so replays and parallel webhooks take it once: through the
 * ledger as far as the balance holds them, the rest as a debt. A payment reversed in full is
 * refunded, and the premium rule of refunds applies. Our own refunds (refund_requested_at,
 * with the credits already taken back) are left alone.
 */
export async function applyReversals(
  db: Db,
  events: MemberEvents,
  paymentId: number,
  remote: Pick<ProviderPayment, 'chargedBackCents' | 'refundedCents'>,
  /**
   * `collection_failed`: a direct debit granted before its collection, which the bank then
   * refused (issue 29 item 3): taken back in full like a chargeback, and the order failed.
   */
  cause?: 'collection_failed',
): Promise<void> {
  const wentBack = remote.chargedBackCents + remote.refundedCents;
  if (wentBack <= 0) return;
  const now = new Date().toISOString();
  const changed = await db.transaction().execute(async (trx) => {
    // The payment's row lock first (a no-op update): a parallel webhook waits, then sees this one.
    await trx
      .updateTable('payments')
      .set({ reversed_cents: sql<number>`reversed_cents` })
      .where('id', '=', paymentId)
      .execute();
    const row = await trx
      .selectFrom('payments')
      .select([
        'member_id',
        'credits',
        'amount_cents',
        'status',
        'fulfilled_at',
        'refund_requested_at',
        'reversed_cents',
      ])
      .where('id', '=', paymentId)
      .executeTakeFirst();
    if (!row || row.status !== 'paid' || row.fulfilled_at === null) return null;
    if (row.refund_requested_at !== null) return null;
    const reversed = Math.min(row.amount_cents, wentBack);
    if (reversed <= row.reversed_cents) return null;
    const whole = reversed >= row.amount_cents;
    await trx
      .updateTable('payments')
      .set({
        reversed_cents: reversed,
        updated_at: now,
        ...(whole && cause === 'collection_failed' ? { status: 'failed' } : {}),
        ...(whole && cause !== 'collection_failed' ? { status: 'refunded', refunded_at: now } : {}),
      })
      .where('id', '=', paymentId)
      .execute();
    const balance = await takeCreditsBack(trx, {
      memberId: row.member_id,
      credits: creditsFor(row, reversed) - creditsFor(row, row.reversed_cents),
      reason: cause ?? (remote.chargedBackCents > 0 ? 'chargeback' : 'provider_refund'),
      idempotencyKey: `reversal:${paymentId}:${reversed}`,
    });
    // A purchase reversed in full counts as never made (as a withdrawal, refund-service.ts).
    if (whole) await dropPremiumUnlessStillPaid(trx, row.member_id);
    return { memberId: row.member_id, balance };
  });
  if (changed)
    await events.send(changed.memberId, { type: 'credits.changed', credits: changed.balance });
}
