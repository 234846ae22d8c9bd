import type { Db } from '@server/db/database';
import { type Staff, toStaff } from '@server/db/staff-record';
import { hashToken, newToken } from '@server/features/auth';

// Issue 30 item 1: staff sessions are shorter than members' 30 days: 12 hours at most, and
// 2 hours without a request.
export const STAFF_SESSION_HOURS = 12;
export const STAFF_IDLE_MINUTES = 120;
/** last_seen_at is moved on at most this often, not written on every request. */
const TOUCH_AFTER_MS = 60_000;

export async function createStaffSession(db: Db, staffId: number, now = new Date()) {
  const token = newToken();
  await db
    .insertInto('staff_sessions')
    .values({
      token_hash: hashToken(token),
      staff_id: staffId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000).toISOString(),
    })
    .execute();
  return token;
}

/**
 * The active staff member behind a session token, read from the database on every request
 * (no cache): a role change, a removal or a logout on any instance counts from its commit.
 */
export async function findSessionStaff(
  db: Db,
  token: string,
  now = new Date(),
): Promise<Staff | undefined> {
  const tokenHash = hashToken(token);
  const idleSince = new Date(now.getTime() - STAFF_IDLE_MINUTES * 60_000).toISOString();
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .selectAll('staff')
    .select('staff_sessions.last_seen_at')
    .where('staff_sessions.token_hash', '=', tokenHash)
    .where('staff_sessions.expires_at', '>', now.toISOString())
    .where('staff_sessions.last_seen_at', '>', idleSince)
    .where('staff.status', '=', 'active')
    .executeTakeFirst();
  if (!row) return undefined;
  if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_AFTER_MS)
    await db
      .updateTable('staff_sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
  return toStaff(row);
}

export async function deleteStaffSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('token_hash', '=', hashToken(token)).execute();
}
