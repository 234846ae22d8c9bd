import type { Db } from './database';
import { isPostgres } from './dialect-of';
import { preparedQuery } from './prepared-query';

const lockForNoKeyUpdateQuery = preparedQuery((db, memberId: number) =>
  db.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate(),
);

/**
 * Takes the member's row lock for the rest of the transaction, so that member's
 * check-then-write steps (a paid message, a like within a daily limit, a booking) run one at
 * a time. PostgreSQL: SELECT … FOR NO KEY UPDATE, which writes nothing (no new row version,
 * no WAL). NO KEY: the lock an UPDATE of non-key
 * columns takes, which lets other transactions insert rows that reference the member (a
 * message to them takes a KEY SHARE lock for its foreign key); FOR UPDATE would block those,
 * and two members writing each other first would deadlock. SQLite has no row locks and needs
 * none: its transactions begin as the single writer (sqlite-dialect.ts), so nothing else
 * writes until this one ends.
 */
export async function lockMemberRow(db: Db, memberId: number): Promise<void> {
  if (!db.isTransaction) throw new Error('lockMemberRow: a row lock needs a transaction');
  if (isPostgres(db)) await lockForNoKeyUpdateQuery(db, memberId);
}
