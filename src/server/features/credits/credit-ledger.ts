import type { Transaction } from 'kysely';
import type { Db } from '@server/db/database';
import { lockMemberRow } from '@server/db/member-lock';
import { moveCreditBalance } from '@server/db/members-table';
import { preparedQuery } from '@server/db/prepared-query';
import type { Database } from '@server/db/schema';
import { AppError } from '@server/errors/app-error';

export interface CreditMovement {
  memberId: number;
  /** Positive to grant, negative to spend. */
  amount: number;
  reason: string;
  /** The same key is never booked twice: a retried grant or spend is a no-op. */
  idempotencyKey: string;
}

// Every paid message books through these: compiled once (docs/performance.md).
const bookedQuery = preparedQuery((db, idempotencyKey: string) =>
  db
    .selectFrom('credit_transactions')
    .select('balance_after')
    .where('idempotency_key', '=', idempotencyKey),
);
const insertMovementQuery = preparedQuery(
  (
    db,
    memberId: number,
    amount: number,
    balanceAfter: number,
    reason: string,
    idempotencyKey: string,
    createdAt: string,
  ) =>
    db.insertInto('credit_transactions').values({
      member_id: memberId,
      amount,
      balance_after: balanceAfter,
      reason,
      idempotency_key: idempotencyKey,
      created_at: createdAt,
    }),
);

/**
 * Books one movement in the append-only ledger and moves the balance in the same
 * transaction (DESIGN.md §3). The balance update is conditional, so it can never go below
 * zero, even under concurrent spends. Returns the balance after the movement.
 */
export async function bookCredits(
  db: Db,
  movement: CreditMovement,
  /** The caller's transaction already holds the member's row lock (a paid message does). */
  { rowLocked = false }: { rowLocked?: boolean } = {},
): Promise<number> {
  if (rowLocked && !db.isTransaction)
    throw new Error('bookCredits: a row lock needs a transaction');
  // Joins the caller's transaction when there is one (e.g. signup), else opens its own.
  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
  return inTransaction(async (trx) => {
    // Take the member's row lock before asking "already booked?". Without it, on PostgreSQL
    // (a pool of connections, READ COMMITTED) two parallel calls with the same key both
    // found no ledger row, both moved the balance (the second after waiting for the first's
    // row lock) and the second then failed on the unique index instead of returning the
    // booked balance. With the lock first, the check runs only after any concurrent booking
    // for this member has committed or rolled back, and READ COMMITTED lets that next
    // statement see it (db/member-lock.ts). Keys are per member (e.g. signup:<id>);
    // one key shared by two members is a caller bug and still fails on the unique index.
    if (!rowLocked) await lockMemberRow(trx, movement.memberId);

    const [already] = await bookedQuery(trx, movement.idempotencyKey);
    if (already) return already.balance_after;

    const balance = await moveCreditBalance(trx, movement.memberId, movement.amount);
    if (balance === undefined) throw new AppError('insufficient_credits', 'payment_required');

    await insertMovementQuery(
      trx,
      movement.memberId,
      movement.amount,
      balance,
      movement.reason,
      movement.idempotencyKey,
      new Date().toISOString(),
    );
    return balance;
  });
}
