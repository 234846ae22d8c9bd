import type { Db } from '@server/db/database';
import { capInForce } from './spending-cap';

/** One purchase of the month, for the summary mail. */
export interface MonthPurchase {
  created_at: string;
  credits: number;
  /** What it cost in the end: a chargeback or partial refund taken off. */
  amount_cents: number;
}

/** What a member with a spending cap spent in one calendar month (UTC, as the cap counts). */
export interface MonthSpending {
  currency: string;
  cap_cents: number;
  spent_cents: number;
  purchases: MonthPurchase[];
}

/**
 * The month from `monthStart` to `monthEnd` for the cap's monthly summary (issue 31 item 9):
 * the paid orders of it in the cap's currency, against the limit in force at its end. Null
 * when the member has no limit then: the summary is for members who set one.
 */
export async function monthSpendingOf(
  db: Db,
  memberId: number,
  monthStart: Date,
  monthEnd: Date,
): Promise<MonthSpending | null> {
  const row = await db
    .selectFrom('spending_caps')
    .select(['cap_cents', 'currency', 'next_cap_cents', 'next_from'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  const cap = capInForce(row, monthEnd);
  if (!row || cap === null) return null;
  const paid = await db
    .selectFrom('payments')
    .select(['created_at', 'credits', 'amount_cents', 'reversed_cents'])
    .where('member_id', '=', memberId)
    .where('currency', '=', row.currency)
    .where('status', '=', 'paid')
    .where('created_at', '>=', monthStart.toISOString())
    .where('created_at', '<', monthEnd.toISOString())
    .orderBy('created_at')
    .execute();
  const purchases = paid
    .map((payment) => ({
      created_at: payment.created_at,
      credits: payment.credits,
      amount_cents: payment.amount_cents - payment.reversed_cents,
    }))
    .filter((purchase) => purchase.amount_cents > 0);
  return {
    currency: row.currency,
    cap_cents: cap,
    spent_cents: purchases.reduce((sum, purchase) => sum + purchase.amount_cents, 0),
    purchases,
  };
}

/** Members with a limit (or one waiting): whom the monthly summary sweep looks at. */
export async function membersWithSpendingCap(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('spending_caps')
    .select('member_id')
    .where((eb) => eb.or([eb('cap_cents', 'is not', null), eb('next_cap_cents', 'is not', null)]))
    .orderBy('member_id')
    .execute();
  return rows.map((row) => row.member_id);
}
