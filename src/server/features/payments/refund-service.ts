import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { AppError } from '@server/errors/app-error';
import { bookCredits } from '@server/features/credits';
import type { MemberEvents } from '@server/realtime/member-events';
import { findOwnPayment } from './payment-queries';
import type { PaymentProvider } from './providers/payment-provider';
import { isRefundable } from './transaction-presenter';

/**
 * issue 10 §7, the EU right of withdrawal for digital content (return-policy page): within
 * refund_days, while the credits are unspent, the member may cancel a purchase. The credits
 * go back through the ledger and the provider refunds, in one transaction: if the provider
 * refuses, nothing changes. Premium follows the spec's rule "the first purchase makes a
 * member premium": a withdrawn purchase never happened, so a member left without any paid
 * purchase is free again; one with another paid purchase stays premium.
 */
export async function refundPurchase(
  db: Db,
  provider: PaymentProvider | null,
  events: MemberEvents,
  member: Member,
  paymentId: number,
  refundDays: number,
): Promise<void> {
  const row = await findOwnPayment(db, member.id, paymentId);
  if (!isRefundable(row, member.credits, refundDays))
    throw new AppError('refund_not_allowed', 'conflict');
  const balance = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('payments')
      .set({ status: 'refunded', refunded_at: new Date().toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('refund_not_allowed', 'conflict');
    const after = await bookCredits(trx, {
      memberId: member.id,
      amount: -row.credits,
      reason: 'refund',
      idempotencyKey: `refund:${row.id}`,
    }).catch((error: unknown) => {
      // Spent in the meantime: the credits are no longer unspent.
      if (error instanceof AppError && error.code === 'insufficient_credits')
        throw new AppError('refund_not_allowed', 'conflict');
      throw error;
    });
    const stillPaid = await trx
      .selectFrom('payments')
      .select('id')
      .where('member_id', '=', member.id)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    if (!stillPaid)
      await trx.updateTable('members').set({ paid_user: 0 }).where('id', '=', member.id).execute();
    if (row.provider !== 'directdebit') {
      if (!provider || provider.name !== row.provider || !row.provider_payment_id)
        throw new AppError('payment_provider_unavailable', 'unsupported');
      await provider.refundPayment(row.provider_payment_id, {
        cents: row.amount_cents,
        currency: row.currency,
      });
    }
    return after;
  });
  await events.send(member.id, { type: 'credits.changed', credits: balance });
}
