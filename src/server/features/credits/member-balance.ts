import type { Db } from '@server/db/database';
import { keptRead } from '@server/db/kept-reads';
import { preparedQuery } from '@server/db/prepared-query';

const balanceQuery = preparedQuery((db, memberId: number) =>
  db.selectFrom('members').select('credits').where('id', '=', memberId),
);

/**
 * A member's credit balance now (members.credits, the ledger's running balance). Kept like
 * other reads of the member's row (kept-reads.ts), and dropped by every write of it, balance
 * moves included: the session's copy of the member is not, so it carries no balance
 * (db/member-record.ts).
 */
export async function memberBalance(db: Db, memberId: number): Promise<number> {
  const row = await keptRead(
    db,
    `balance:${memberId}`,
    async () => (await balanceQuery(db, memberId))[0],
    () => [memberId],
  );
  if (!row) throw new Error(`member ${memberId} not found`);
  return row.credits;
}
