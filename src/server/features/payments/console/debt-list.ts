import type { Db } from '@server/db/database';

/** The ledger reasons that make or settle a debt (payment-reversals.ts, credit-debts.ts). */
const DEBT_REASONS = ['chargeback', 'provider_refund', 'collection_failed', 'debt_settled'];

/**
 * Credit debts left by chargebacks and provider refunds (issue 30 item 8), with how they came
 * and were settled: every member of the site who owes credits now or ever had a reversal,
 * with the ledger movements that took credits back and those that settled the debt.
 */
export async function listDebts(db: Db, siteId: number) {
  const movements = await db
    .selectFrom('credit_transactions')
    .innerJoin('members', 'members.id', 'credit_transactions.member_id')
    .select([
      'credit_transactions.member_id',
      'members.name as member_name',
      'credit_transactions.reason',
      'credit_transactions.amount',
      'credit_transactions.created_at',
    ])
    .where('members.site_id', '=', siteId)
    .where('credit_transactions.reason', 'in', DEBT_REASONS)
    .orderBy('credit_transactions.id', 'desc')
    .limit(1000)
    .execute();
  const owed = await db
    .selectFrom('credit_debts')
    .innerJoin('members', 'members.id', 'credit_debts.member_id')
    .select([
      'credit_debts.member_id',
      'members.name as member_name',
      'credit_debts.credits',
      'credit_debts.updated_at',
    ])
    .where('members.site_id', '=', siteId)
    .execute();
  const debts = new Map(
    owed.map((row) => [row.member_id, { ...row, movements: [] as DebtMovement[] }]),
  );
  for (const movement of movements) {
    let debt = debts.get(movement.member_id);
    if (!debt) {
      // Settled in full (its row is gone) or never more than the balance held.
      debt = {
        member_id: movement.member_id,
        member_name: movement.member_name,
        credits: 0,
        updated_at: movement.created_at,
        movements: [],
      };
      debts.set(movement.member_id, debt);
    }
    debt.movements.push({
      reason: movement.reason,
      amount: movement.amount,
      created_at: movement.created_at,
    });
  }
  // Owed first, most owed first; then the settled ones, latest first.
  return [...debts.values()].sort(
    (a, b) => b.credits - a.credits || b.updated_at.localeCompare(a.updated_at),
  );
}

interface DebtMovement {
  reason: string;
  amount: number;
  created_at: string;
}
