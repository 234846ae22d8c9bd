import { sql } from 'kysely';
import type { Db } from '@server/db/database';
import { lockMemberRow } from '@server/db/member-lock';
import { bookCredits } from './credit-ledger';

/**
 * Credits a member owes (issue 23 item 2): a chargeback or a refund made at the provider
 * takes back the credits its payment brought, but never below zero (the ledger refuses it).
 * What the balance no longer holds is recorded here as a debt, which the credits of the
 * member's next purchases settle first, and while it stands no direct debit is accepted.
 */
export async function debtOf(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('credit_debts')
    .select('credits')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.credits ?? 0;
}

async function addDebt(trx: Db, memberId: number, credits: number, now: string) {
  await trx
    .insertInto('credit_debts')
    .values({ member_id: memberId, credits, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('member_id').doUpdateSet({
        credits: sql<number>`credit_debts.credits + ${credits}`,
        updated_at: now,
      }),
    )
    .execute();
}

/**
 * Takes `credits` back inside the caller's transaction: as many as the balance holds
 * through the ledger (under `idempotencyKey`), the rest as a debt. The caller makes it run
 * once (a conditional update of its own); answers the balance after.
 */
export async function takeCreditsBack(
  trx: Db,
  movement: { memberId: number; credits: number; reason: string; idempotencyKey: string },
): Promise<number> {
  const { memberId, credits } = movement;
  await lockMemberRow(trx, memberId);
  const member = await trx
    .selectFrom('members')
    .select('credits')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const taken = Math.min(credits, member.credits);
  let balance = member.credits;
  if (taken > 0)
    balance = await bookCredits(
      trx,
      {
        memberId,
        amount: -taken,
        reason: movement.reason,
        idempotencyKey: movement.idempotencyKey,
      },
      { rowLocked: true },
    );
  if (credits > taken) await addDebt(trx, memberId, credits - taken, new Date().toISOString());
  return balance;
}

/**
 * Pays a member's debt from credits just granted (a purchase), in the caller's transaction:
 * at most `available`, under its own ledger key. Answers the balance after.
 */
export async function settleDebt(
  trx: Db,
  memberId: number,
  available: number,
  idempotencyKey: string,
  balance: number,
): Promise<number> {
  const owed = await debtOf(trx, memberId);
  const paid = Math.min(owed, available, balance);
  if (paid <= 0) return balance;
  const after = await bookCredits(
    trx,
    { memberId, amount: -paid, reason: 'debt_settled', idempotencyKey },
    { rowLocked: true },
  );
  const now = new Date().toISOString();
  if (paid === owed)
    await trx.deleteFrom('credit_debts').where('member_id', '=', memberId).execute();
  else
    await trx
      .updateTable('credit_debts')
      .set({ credits: sql<number>`credits - ${paid}`, updated_at: now })
      .where('member_id', '=', memberId)
      .execute();
  return after;
}
