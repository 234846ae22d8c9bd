import { sql } from 'kysely';
import type { Db } from '@server/db/database';

/** Midnight UTC that began `now`'s day (the swipe game's and auto-like's day: a UTC day). */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The next midnight UTC after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(startOfUtcDay(now).getTime() + 24 * 60 * 60_000);
}

/**
 * Takes the member's row lock for the rest of the transaction, so a count-then-insert of
 * that member's likes runs one at a time. A no-op UPDATE is the dialect-neutral lock
 * (SQLite has no FOR UPDATE; it runs one writer at a time anyway), as in the credit ledger.
 */
export async function lockMemberRow(db: Db, memberId: number): Promise<void> {
  await db
    .updateTable('members')
    .set({ credits: sql<number>`credits` })
    .where('id', '=', memberId)
    .execute();
}
