import { FINAL_STATUSES, type PaymentStatus } from '@contract/payments';
import type { Db } from '@server/db/database';
import { markPremium } from '@server/db/members-table';
import { bookCredits, settleDebt } from '@server/features/credits';
import type { MemberEvents } from '@server/realtime/member-events';
import { singleUseKeyOf } from './discount-claims';

/** The ledger key of a purchase: the same payment is never granted twice (issue 10). */
export const purchaseLedgerKey = (paymentId: number) => `payment:${paymentId}`;

/**
 * What applying a status did: `refund` when a paid order may not keep its money, because it
 * lost its single-use discount (the caller asks the provider to refund it, refund-service.ts).
 */
export type Fulfilment = 'granted' | 'refund' | null;

/**
 * Applies a status the provider confirmed to our payment. `paid` grants the credits, makes
 * the member premium (spec §1, §4: first purchase) and records the discount, all in one
 * transaction and exactly once, whatever the order or number of calls: the conditional
 * update on fulfilled_at lets one caller through (the row lock makes a parallel one wait and
 * then find it set), and the ledger key would refuse a second grant anyway. A final status
 * is never changed back (a late "open" after "paid" changes nothing).
 *
 * A single-use discount (docs/payments.md "Single-use discounts") is granted only to the
 * order still holding its claim, and only if its redemption is the first: the unique
 * single_use_key of discount_redemptions refuses a second paid order whatever the
 * interleaving. Any other paid order with the code grants nothing and is marked for an
 * automatic refund (refund_requested_at): never credits at a discount nobody may have twice.
 */
export async function applyProviderStatus(
  db: Db,
  events: MemberEvents,
  paymentId: number,
  status: PaymentStatus,
): Promise<Fulfilment> {
  const now = new Date().toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    if (status === 'paid') {
      const claimed = await trx
        .updateTable('payments')
        .set({ status: 'paid', fulfilled_at: now, updated_at: now })
        .where('id', '=', paymentId)
        .where('fulfilled_at', 'is', null)
        .returning(['member_id', 'credits', 'discount_code', 'site_id', 'discount_released_at'])
        .executeTakeFirst();
      if (!claimed) return null;
      if (claimed.discount_code) {
        const redeemed = await redeemDiscount(trx, paymentId, {
          ...claimed,
          discount_code: claimed.discount_code,
        });
        if (!redeemed) {
          await trx
            .updateTable('payments')
            .set({ refund_requested_at: now })
            .where('id', '=', paymentId)
            .execute();
          return 'refund' as const;
        }
      }
      const granted = await bookCredits(trx, {
        memberId: claimed.member_id,
        amount: claimed.credits,
        reason: 'purchase',
        idempotencyKey: purchaseLedgerKey(paymentId),
      });
      // Credits owed after a chargeback (credits/credit-debts.ts) are settled first.
      const credits = await settleDebt(
        trx,
        claimed.member_id,
        claimed.credits,
        `debt-settled:${paymentId}`,
        granted,
      );
      // spec §1: the first purchase makes the member premium, in this same transaction.
      await markPremium(trx, claimed.member_id);
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
  if (outcome === 'refund' || outcome === null) return outcome;
  // After commit: the member's open tabs update the badge and unlock premium at once.
  await events.send(outcome.memberId, { type: 'credits.changed', credits: outcome.credits });
  return 'granted';
}

/**
 * Records the discount of a paid order; false when the order may not have it: it lost its
 * claim to a newer order, or another paid order redeemed the same single use first (the
 * unique key; on PostgreSQL a parallel insert waits for the other to commit, then finds it).
 */
async function redeemDiscount(
  trx: Db,
  paymentId: number,
  payment: {
    site_id: number;
    member_id: number;
    discount_code: string;
    discount_released_at: string | null;
  },
): Promise<boolean> {
  const singleUseKey = await singleUseKeyOf(trx, payment);
  if (singleUseKey !== null && payment.discount_released_at !== null) return false;
  const inserted = await trx
    .insertInto('discount_redemptions')
    .values({
      payment_id: paymentId,
      site_id: payment.site_id,
      code: payment.discount_code,
      member_id: payment.member_id,
      single_use_key: singleUseKey,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('payment_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
