import { type Discount, TIME_BONUS_CODE, WELCOME_CODE } from '@contract/payments';
import { sql } from 'kysely';
import type { Db } from '@server/db/database';
import { lockMemberRow } from '@server/db/member-lock';
import { AppError } from '@server/errors/app-error';
import type { DiscountAsker } from './discounts';
import type { PaymentProvider } from './providers/payment-provider';

/**
 * A single-use discount is held by at most one open order (docs/payments.md "Single-use
 * discounts"): `once` codes across the site, `once_per_user` codes, WELCOME25 and
 * TIMEBONUS25 per member. `many` codes, and orders without a code, hold nothing.
 */
export interface DiscountClaim {
  code: string;
  /**
   * The codes sharing this single use: the code itself, or both first-purchase discounts
   * (issue 29 item 4, spec §4: TIMEBONUS25 and WELCOME25 are one benefit, the time bonus
   * winning), so an order with either takes the claim from an order with the other.
   */
  codes: string[];
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
    codes: FIRST_PURCHASE_CODES.includes(discount.code) ? FIRST_PURCHASE_CODES : [discount.code],
    siteId: asker.siteId,
    memberId: perMember ? asker.member.id : null,
  };
}

/** The first-purchase benefit: the time bonus or the welcome discount, one of them, once. */
export const FIRST_PURCHASE_CODES: string[] = [TIME_BONUS_CODE, WELCOME_CODE];

/**
 * Takes the claim's lock for the rest of the transaction (a member's row for a per-member
 * claim; for a site-wide one the code's row, by a dialect-neutral no-op update), so two orders
 * opened at the same moment take the claim one after the other.
 */
export async function lockClaim(trx: Db, claim: DiscountClaim, memberId: number) {
  if (claim.memberId !== null) await lockMemberRow(trx, memberId);
  else
    await trx
      .updateTable('discount_codes')
      .set({ status: sql<string>`status` })
      .where('site_id', '=', claim.siteId)
      .where('code', '=', claim.code)
      .execute();
}

/** An order whose claim a newer order took; the newer order's request cancels it at the provider. */
export interface SupersededOrder {
  id: number;
  provider: string;
  provider_payment_id: string | null;
}

/**
 * Inside the transaction that stores a new order with a single-use discount, after lockClaim
 * and after making sure the order key is new: refuses the code
 * when a paid order used it or one being paid (pending) holds it ('Code reeds gebruikt'), and
 * takes the claim from any older open order, which the caller then cancels at the provider
 * (cancelSuperseded): an abandoned checkout never blocks the member. Answers the orders whose
 * claim it took, with the provider payment id as it is when the claim is taken (RETURNING:
 * on PostgreSQL the update reads the row as committed after its lock, so an id stored by a
 * parallel request is seen here; one stored later sees the release, see
 * storeProviderPayment in checkout-service.ts).
 */
export async function takeDiscountClaim(
  trx: Db,
  claim: DiscountClaim,
  now: string,
): Promise<SupersededOrder[]> {
  const redeemed = await trx
    .selectFrom('discount_redemptions')
    .select('payment_id')
    .where('site_id', '=', claim.siteId)
    .where('code', 'in', claim.codes)
    .$if(claim.memberId !== null, (query) => query.where('member_id', '=', claim.memberId!))
    .executeTakeFirst();
  const holders = await trx
    .selectFrom('payments')
    .select(['id', 'status'])
    .where('site_id', '=', claim.siteId)
    .where('discount_code', 'in', claim.codes)
    .where('discount_released_at', 'is', null)
    .where('status', 'in', ['open', 'pending'])
    .$if(claim.memberId !== null, (query) => query.where('member_id', '=', claim.memberId!))
    .execute();
  if (redeemed || holders.some((holder) => holder.status === 'pending'))
    throw new AppError('discount_used', 'conflict');
  if (holders.length === 0) return [];
  return trx
    .updateTable('payments')
    .set({ discount_released_at: now, updated_at: now })
    .where(
      'id',
      'in',
      holders.map((holder) => holder.id),
    )
    .returning(['id', 'provider', 'provider_payment_id'])
    .execute();
}

/**
 * Orders whose discount claim a newer order took are cancelled at the provider where it can
 * (the demo can; Mollie can for some methods): their checkout then ends as canceled. An order
 * without a provider payment yet is cancelled here; the request creating its payment finds
 * the claim gone and cancels that payment itself. One the provider cannot cancel stays
 * payable; if paid, fulfilment refunds it (fulfilment.ts), never granting at the discount.
 */
export async function cancelSuperseded(
  db: Db,
  provider: PaymentProvider | null,
  orders: SupersededOrder[],
): Promise<void> {
  for (const order of orders) {
    const canceled =
      order.provider_payment_id === null ||
      (provider !== null &&
        order.provider === provider.name &&
        (await provider.cancelPayment(order.provider_payment_id).catch(() => false)));
    if (canceled)
      await db
        .updateTable('payments')
        .set({ status: 'canceled', updated_at: new Date().toISOString() })
        .where('id', '=', order.id)
        .where('status', '=', 'open')
        .execute();
  }
}

/**
 * The key that makes a single use of a code unique among paid orders (migration 0013):
 * `<site>:<code>` for a site-wide once code, `<site>:<code>:<member>` for a per-member one,
 * `<site>:first-purchase:<member>` for the time bonus and the welcome discount alike,
 * null for a code usable many times. A code no longer in the table counts as used once per
 * member, the narrowest rule that still lets its paid orders be told apart.
 */
export async function singleUseKeyOf(
  db: Db,
  payment: { site_id: number; member_id: number; discount_code: string },
): Promise<string | null> {
  const { site_id: siteId, member_id: memberId, discount_code: code } = payment;
  const perMember = `${siteId}:${code}:${memberId}`;
  // One key for both first-purchase discounts: a second paid order with either fails.
  if (FIRST_PURCHASE_CODES.includes(code)) return `${siteId}:first-purchase:${memberId}`;
  const row = await db
    .selectFrom('discount_codes')
    .select('validity')
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (row?.validity === 'many') return null;
  return row?.validity === 'once' ? `${siteId}:${code}` : perMember;
}
