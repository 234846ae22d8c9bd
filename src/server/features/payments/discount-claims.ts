import { type Discount, TIME_BONUS_CODE, WELCOME_CODE } from '@contract/payments';
import { sql } from 'kysely';
import type { Db } from '@server/db/database';
import { AppError } from '@server/errors/app-error';
import type { DiscountAsker } from './discounts';

/**
 * A single-use discount is held by at most one open order (docs/payments.md "Single-use
 * discounts"): `once` codes across the site, `once_per_user` codes, WELCOME25 and
 * TIMEBONUS25 per member. `many` codes, and orders without a code, hold nothing.
 */
export interface DiscountClaim {
  code: string;
  siteId: number;
  /** null: the code is held across the site (validity once). */
  memberId: number | null;
}

export function claimOf(asker: DiscountAsker, discount: Discount | null): DiscountClaim | null {
  if (!discount || discount.validity === 'many') return null;
  const perMember =
    discount.validity === 'once_per_user' ||
    discount.code === WELCOME_CODE ||
    discount.code === TIME_BONUS_CODE;
  return {
    code: discount.code,
    siteId: asker.siteId,
    memberId: perMember ? asker.member.id : null,
  };
}

/**
 * Takes the claim's lock for the rest of the transaction (the dialect-neutral no-op update:
 * a member's row for a per-member claim, the code's row for a site-wide one), so two orders
 * opened at the same moment take the claim one after the other.
 */
export async function lockClaim(trx: Db, claim: DiscountClaim, memberId: number) {
  if (claim.memberId !== null)
    await trx
      .updateTable('members')
      .set({ credits: sql<number>`credits` })
      .where('id', '=', memberId)
      .execute();
  else
    await trx
      .updateTable('discount_codes')
      .set({ status: sql<string>`status` })
      .where('site_id', '=', claim.siteId)
      .where('code', '=', claim.code)
      .execute();
}

/**
 * Inside the transaction that stores a new order with a single-use discount, after lockClaim
 * and after making sure the order key is new: refuses the code
 * when a paid order used it or one being paid (pending) holds it ('Code reeds gebruikt'), and
 * takes the claim from any older open order, which the caller then cancels at the provider:
 * an abandoned checkout never blocks the member. Answers the orders whose claim it took.
 */
export async function takeDiscountClaim(
  trx: Db,
  claim: DiscountClaim,
  now: string,
): Promise<Array<{ id: number; provider: string; provider_payment_id: string | null }>> {
  const redeemed = await trx
    .selectFrom('discount_redemptions')
    .select('payment_id')
    .where('site_id', '=', claim.siteId)
    .where('code', '=', claim.code)
    .$if(claim.memberId !== null, (query) => query.where('member_id', '=', claim.memberId!))
    .executeTakeFirst();
  const holders = await trx
    .selectFrom('payments')
    .select(['id', 'status', 'provider', 'provider_payment_id'])
    .where('site_id', '=', claim.siteId)
    .where('discount_code', '=', claim.code)
    .where('discount_released_at', 'is', null)
    .where('status', 'in', ['open', 'pending'])
    .$if(claim.memberId !== null, (query) => query.where('member_id', '=', claim.memberId!))
    .execute();
  if (redeemed || holders.some((holder) => holder.status === 'pending'))
    throw new AppError('discount_used', 'conflict');
  if (holders.length > 0)
    await trx
      .updateTable('payments')
      .set({ discount_released_at: now, updated_at: now })
      .where(
        'id',
        'in',
        holders.map((holder) => holder.id),
      )
      .execute();
  return holders;
}
