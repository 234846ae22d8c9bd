import { FINAL_STATUSES, type PaymentStatus } from '@contract/payments';
import type { Db } from '@server/db/database';
import { bookCredits } from '@server/features/credits';
import type { MemberEvents } from '@server/realtime/member-events';

/** The ledger key of a purchase: the same payment is never granted twice (issue 10). */
export const purchaseLedgerKey = (paymentId: number) => `payment:${paymentId}`;

/**
 * Applies a status the provider confirmed to our payment. `paid` grants the credits, makes
 * the member premium (spec §1, §4: first purchase) and records the discount, all in one
 * transaction and exactly once, whatever the order or number of calls: the conditional
 * update on fulfilled_at lets one caller through (the row lock makes a parallel one wait and
 * then find it set), and the ledger key would refuse a second grant anyway. A final status
 * is never changed back (a late "open" after "paid" changes nothing).
 */
export async function applyProviderStatus(
  db: Db,
  events: MemberEvents,
  paymentId: number,
  status: PaymentStatus,
): Promise<void> {
  const now = new Date().toISOString();
  const granted = await db.transaction().execute(async (trx) => {
    if (status === 'paid') {
      const claimed = await trx
        .updateTable('payments')
        .set({ status: 'paid', fulfilled_at: now, updated_at: now })
        .where('id', '=', paymentId)
        .where('fulfilled_at', 'is', null)
        .returning(['member_id', 'credits', 'discount_code', 'site_id'])
        .executeTakeFirst();
      if (!claimed) return null;
      const credits = await bookCredits(trx, {
        memberId: claimed.member_id,
        amount: claimed.credits,
        reason: 'purchase',
        idempotencyKey: purchaseLedgerKey(paymentId),
      });
      // spec §1: the first purchase makes the member premium, in this same transaction.
      await trx
        .updateTable('members')
        .set({ paid_user: 1 })
        .where('id', '=', claimed.member_id)
        .execute();
      if (claimed.discount_code)
        await trx
          .insertInto('discount_redemptions')
          .values({
            payment_id: paymentId,
            site_id: claimed.site_id,
            code: claimed.discount_code,
            member_id: claimed.member_id,
            created_at: now,
          })
          .onConflict((conflict) => conflict.column('payment_id').doNothing())
          .execute();
      return { memberId: claimed.member_id, credits };
    }
    await trx
      .updateTable('payments')
      .set({ status, updated_at: now })
      .where('id', '=', paymentId)
      .where('status', 'not in', [...FINAL_STATUSES])
      .execute();
    return null;
  });
  // After commit: the member's open tabs update the badge and unlock premium at once.
  if (granted)
    await events.send(granted.memberId, { type: 'credits.changed', credits: granted.credits });
}
