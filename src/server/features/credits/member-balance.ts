import type { Db } from '@server/db/database';
import { preparedQuery } from '@server/db/prepared-query';

const balanceQuery = preparedQuery((db, memberId: number) =>
  db.selectFrom('members').select('credits').where('id', '=', memberId),
);

/**
 * A member's credit balance now (members.credits, the ledger's running balance). The member
 * record carries no balance (db/member-record.ts): whoever shows or checks one reads it here.
 */
export async function memberBalance(db: Db, memberId: number): Promise<number> {
  const [row] = await balanceQuery(db, memberId);
  if (!row) throw new Error(`member ${memberId} not found`);
  return row.credits;
}
