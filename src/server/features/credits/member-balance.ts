import type { Db } from '@server/db/database';

/**
 * A member's credit balance now (members.credits, the ledger's running balance), for a step
 * that must not show the one read with the member at the session lookup (db/member-record.ts):
 * after a lock, or when another request may have moved it since.
 */
export async function memberBalance(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select('credits')
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw new Error(`member ${memberId} not found`);
  return row.credits;
}
