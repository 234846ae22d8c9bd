import {
  type Discount,
  type PaymentMethod,
  TIME_BONUS_CODE,
  TIME_BONUS_PERCENTAGE,
  TIME_BONUS_SECONDS,
  WELCOME_CODE,
  WELCOME_PERCENTAGE,
  paymentMethodSchema,
} from '@contract/payments';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { AppError } from '@server/errors/app-error';
import type { PaymentContext } from './payment-context';

export interface DiscountAsker {
  siteId: number;
  member: Member;
  context: PaymentContext;
  now: Date;
}

/** What an order the discount would apply to looks like. */
export interface DiscountedOrder {
  listPrice: number;
  method?: PaymentMethod | undefined;
}

const builtIn = (
  code: string,
  percentage: number,
  member: Member,
  expires: Date,
  now: Date,
): Discount => ({
  code,
  country: null,
  user_id: member.id,
  expires: expires.toISOString(),
  value_percentage: percentage,
  currency: null,
  minimum_order_value: 0,
  status: 'active',
  validity: 'once_per_user',
  expired: expires <= now,
  paymentmethods: [],
});

/** Whether the member redeemed either first-purchase discount (one benefit, issue 29 item 4). */
const hasRedeemedFirstPurchase = async (db: Db, asker: DiscountAsker) =>
  (await db
    .selectFrom('discount_redemptions')
    .select('payment_id')
    .where('site_id', '=', asker.siteId)
    .where('code', 'in', [TIME_BONUS_CODE, WELCOME_CODE])
    .where('member_id', '=', asker.member.id)
    .executeTakeFirst()) !== undefined;

/** spec §4, §9: TIMEBONUS25 for a member who never paid, within 14,400 s of signup, once. */
export function timeBonusOf(asker: DiscountAsker): Discount {
  const ends = new Date(Date.parse(asker.member.created_at) + TIME_BONUS_SECONDS * 1000);
  return builtIn(TIME_BONUS_CODE, TIME_BONUS_PERCENTAGE, asker.member, ends, asker.now);
}

/** spec §1, §9: 25 % on the first purchase, for the site's welcome_discount_hours. */
export function welcomeDiscountOf(asker: DiscountAsker): Discount {
  const hours = asker.context.settings.welcome_discount_hours;
  const ends = new Date(Date.parse(asker.member.created_at) + hours * 3600 * 1000);
  return builtIn(WELCOME_CODE, WELCOME_PERCENTAGE, asker.member, ends, asker.now);
}

async function builtInDiscount(db: Db, asker: DiscountAsker, code: string): Promise<Discount> {
  const discount = code === TIME_BONUS_CODE ? timeBonusOf(asker) : welcomeDiscountOf(asker);
  // Both are for members who never paid (spec §6 "Time bonus only for these", §1 "first
  // purchase"); the first purchase makes a member paid, so they are used at most once, and
  // together, as one first-purchase benefit (spec §4), by one order (discount-claims.ts).
  if (asker.member.paid_user || (await hasRedeemedFirstPurchase(db, asker)))
    throw new AppError('discount_used', 'conflict');
  if (discount.expired) throw new AppError('discount_expired', 'invalid');
  return discount;
}

/**
 * A code a member typed or the page passed on (spec §7 discountcode.php), checked against
 * every §3 field. Another member's, another site's or an inactive code is not found, so codes
 * cannot be probed (spec §5 'Code niet gevonden'); a used one is 'Code reeds gebruikt'.
 */
export async function findDiscount(db: Db, asker: DiscountAsker, code: string): Promise<Discount> {
  if (code === TIME_BONUS_CODE || code === WELCOME_CODE) return builtInDiscount(db, asker, code);
  const row = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('site_id', '=', asker.siteId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (
    !row ||
    row.status !== 'active' ||
    (row.member_id !== null && row.member_id !== asker.member.id) ||
    (row.country !== null && row.country !== asker.context.country)
  )
    throw new AppError('discount_not_found', 'not_found');
  const expired = row.expires_at !== null && Date.parse(row.expires_at) <= asker.now.getTime();
  if (expired) throw new AppError('discount_expired', 'invalid');
  if (row.validity !== 'many') {
    const used = await db
      .selectFrom('discount_redemptions')
      .select('payment_id')
      .where('site_id', '=', asker.siteId)
      .where('code', '=', code)
      .$if(row.validity === 'once_per_user', (query) =>
        query.where('member_id', '=', asker.member.id),
      )
      .executeTakeFirst();
    if (used) throw new AppError('discount_used', 'conflict');
  }
  const methods = paymentMethodSchema.array().catch([]).parse(JSON.parse(row.payment_methods_json));
  return {
    code: row.code,
    country: row.country,
    user_id: row.member_id,
    expires: row.expires_at,
    value_percentage: row.value_percentage,
    currency: row.currency,
    minimum_order_value: row.minimum_order_cents,
    status: 'active',
    validity: row.validity as Discount['validity'],
    expired: false,
    paymentmethods: methods,
  };
}

/** The rest of §3's fields, which depend on the order: currency, method, minimum value. */
export function assertDiscountApplies(
  discount: Discount,
  context: PaymentContext,
  order: DiscountedOrder,
): void {
  const fits =
    (discount.currency === null || discount.currency === context.currency) &&
    (discount.paymentmethods.length === 0 ||
      order.method === undefined ||
      discount.paymentmethods.includes(order.method)) &&
    order.listPrice >= discount.minimum_order_value;
  if (!fits) throw new AppError('discount_not_applicable', 'invalid');
}

/**
 * The discount a member gets without typing a code: the time bonus wins over the welcome
 * discount (spec §4 "Discount priority"); neither for a member who paid before.
 */
export async function automaticDiscount(db: Db, asker: DiscountAsker): Promise<Discount | null> {
  for (const code of [TIME_BONUS_CODE, WELCOME_CODE]) {
    try {
      return await builtInDiscount(db, asker, code);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return null;
}
