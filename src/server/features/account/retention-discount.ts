import { randomBytes } from 'node:crypto';
import type { RetentionDiscount } from '@contract/account-deletion';
import type { Db } from '@server/db/database';
import { lockMemberRow } from '@server/db/member-lock';

// spec §1 "account deletion with retention offers", §3 company delete_discount: a member about
// to leave is offered the company's delete_discount as a code of their own, for one order.

/** Personal retention codes start so; the rest is random (codes cannot be guessed). */
const CODE_PREFIX = 'STAY-';
/** How long the code can be used: long enough to think it over, short enough to mean it. */
export const RETENTION_CODE_DAYS = 30;

/** The member's retention code that can still be used, if they took one. */
export async function findRetentionDiscount(
  db: Db,
  siteId: number,
  memberId: number,
  now = new Date(),
): Promise<RetentionDiscount | null> {
  const row = await db
    .selectFrom('discount_codes')
    .select(['code', 'value_percentage', 'expires_at'])
    .where('site_id', '=', siteId)
    .where('member_id', '=', memberId)
    .where('code', 'like', `${CODE_PREFIX}%`)
    .where('status', '=', 'active')
    .where('expires_at', '>', now.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('discount_redemptions')
            .select('payment_id')
            .whereRef('discount_redemptions.code', '=', 'discount_codes.code')
            .whereRef('discount_redemptions.site_id', '=', 'discount_codes.site_id'),
        ),
      ),
    )
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.expires_at ? { ...row, expires_at: row.expires_at } : null;
}

/**
 * Makes the member's code worth `percentage` (once per member while it can be used: taking
 * it twice answers the same code). One order, this member only, any method; the checkout's
 * discount rules (features/payments/discounts.ts) apply it like any other code.
 */
export async function takeRetentionDiscount(
  db: Db,
  siteId: number,
  memberId: number,
  percentage: number,
  now = new Date(),
): Promise<RetentionDiscount> {
  return db.transaction().execute(async (trx) => {
    await lockMemberRow(trx, memberId);
    const taken = await findRetentionDiscount(trx, siteId, memberId, now);
    if (taken) return taken;
    const discount = {
      code: `${CODE_PREFIX}${randomBytes(6).toString('hex').toUpperCase()}`,
      value_percentage: percentage,
      expires_at: new Date(now.getTime() + RETENTION_CODE_DAYS * 86_400_000).toISOString(),
    };
    await trx
      .insertInto('discount_codes')
      .values({
        site_id: siteId,
        member_id: memberId,
        validity: 'once',
        created_at: now.toISOString(),
        ...discount,
      })
      .execute();
    return discount;
  });
}
