import { addHours } from 'date-fns';
import type { SpendingCapAnswer } from '@contract/payments';
import type { Db } from '@server/db/database';
import type { SpendingCapsTable } from '@server/db/tables/payment-tables';
import { AppError } from '@server/errors/app-error';

/** A raise of the limit (or its removal) counts only this long after it was asked for. */
export const RAISE_DELAY_HOURS = 24;
/**
 * An order not yet paid holds its amount against the limit this long: long enough for a
 * checkout at the provider, short enough that an abandoned one does not block the next try.
 */
export const OPEN_ORDER_HOLD_MINUTES = 30;

type CapRow = Pick<SpendingCapsTable, 'cap_cents' | 'currency' | 'next_cap_cents' | 'next_from'>;

/** The limit in force at `now`: the waiting raise once its time has come. */
export function capInForce(row: CapRow | undefined, now: Date): number | null {
  if (!row) return null;
  if (row.next_from !== null && Date.parse(row.next_from) <= now.getTime())
    return row.next_cap_cents;
  return row.cap_cents;
}

const startOfUtcMonth = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();

const findCap = (db: Db, memberId: number) =>
  db
    .selectFrom('spending_caps')
    .select(['cap_cents', 'currency', 'next_cap_cents', 'next_from'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();

/**
 * What this calendar month (UTC) has cost in `currency`: paid orders, orders the bank has
 * yet to confirm, and orders opened in the last half hour that may still be paid.
 */
async function spentThisMonth(db: Db, memberId: number, currency: string, now: Date) {
  const openSince = new Date(now.getTime() - OPEN_ORDER_HOLD_MINUTES * 60_000).toISOString();
  const { total } = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .where('created_at', '>=', startOfUtcMonth(now))
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['paid', 'pending']),
        eb.and([eb('status', '=', 'open'), eb('created_at', '>=', openSince)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The member's limit, what the month has cost so far and a raise that waits (settings). */
export async function spendingCapOf(
  db: Db,
  memberId: number,
  currency: string,
  now: Date,
): Promise<SpendingCapAnswer> {
  const row = await findCap(db, memberId);
  const capCurrency = row?.currency ?? currency;
  const waitsFrom = row?.next_from ?? null;
  const waiting = waitsFrom !== null && Date.parse(waitsFrom) > now.getTime();
  return {
    cap_cents: capInForce(row, now),
    currency: capCurrency,
    spent_cents: await spentThisMonth(db, memberId, capCurrency, now),
    next: waiting ? { cap_cents: row?.next_cap_cents ?? null, from: waitsFrom } : null,
  };
}

/**
 * Sets the limit (null: none). Lowering it counts at once; raising or removing it waits
 * RAISE_DELAY_HOURS, and asking for the limit in force again drops a raise that waits.
 */
export async function setSpendingCap(
  db: Db,
  memberId: number,
  currency: string,
  capCents: number | null,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findCap(trx, memberId);
    const inForce = row && row.currency === currency ? capInForce(row, now) : null;
    const lowers = capCents !== null && (inForce === null || capCents < inForce);
    const keeps = capCents === inForce;
    const next =
      lowers || keeps
        ? { cap_cents: capCents, next_cap_cents: null, next_from: null }
        : {
            cap_cents: inForce,
            next_cap_cents: capCents,
            next_from: addHours(now, RAISE_DELAY_HOURS).toISOString(),
          };
    const values = { ...next, currency, updated_at: now.toISOString() };
    await trx
      .insertInto('spending_caps')
      .values({ member_id: memberId, ...values })
      .onConflict((conflict) => conflict.column('member_id').doUpdateSet(values))
      .execute();
  });
}

/**
 * Refuses an order that would take the month past the member's limit. Run it in the
 * transaction that stores the order, after lockMemberRow, so two checkouts at once see each
 * other's order and cannot pass the limit together.
 */
export async function assertWithinSpendingCap(
  db: Db,
  memberId: number,
  order: { amountCents: number; currency: string },
  now: Date,
): Promise<void> {
  const row = await findCap(db, memberId);
  const cap = capInForce(row, now);
  if (cap === null || !row) return;
  // A limit set in another currency (the member moved country) cannot be compared: it holds
  // until the member sets it again in the new one.
  if (row.currency !== order.currency) throw new AppError('spending_cap_reached', 'forbidden');
  const spent = await spentThisMonth(db, memberId, row.currency, now);
  if (spent + order.amountCents > cap) throw new AppError('spending_cap_reached', 'forbidden');
}
