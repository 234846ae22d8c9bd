import type { Db } from '@server/db/database';
import { hashToken, newToken } from './tokens';

export const UNTRUSTED_SCOPE = 'untrusted';

/**
 * What failures are counted against: the address typed into the form on this site, whether
 * or not it has an account, so a locked account and an unknown address answer alike
 * (issue 7 §1.6). Hashed: the table never holds the addresses people typed.
 */
export function loginSubject(siteId: number, email: string): string {
  return hashToken(`${siteId}:${email.trim().toLowerCase()}`);
}

export interface LockoutPolicy {
  maxFailures: number;
  lockoutMinutes: number;
}

/**
 * Which pool of failures an attempt belongs to (docs/login-lockout.md): a browser holding a
 * device cookie from an earlier successful login of this member has its own pool, so an
 * attacker's failures (always "untrusted") can never lock the member's own browser out.
 */
export async function deviceScope(db: Db, memberId: number, deviceToken: string | undefined) {
  if (!deviceToken || deviceToken.length > 100) return UNTRUSTED_SCOPE;
  const tokenHash = hashToken(deviceToken);
  const device = await db
    .selectFrom('trusted_devices')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return device ? tokenHash : UNTRUSTED_SCOPE;
}

/** Minutes left of a lockout for this subject and scope, or 0 when attempts are allowed. */
export async function lockoutMinutesLeft(
  db: Db,
  subject: string,
  scope: string,
  policy: LockoutPolicy,
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - policy.lockoutMinutes * 60_000).toISOString();
  const failures = await db
    .selectFrom('login_failures')
    .select('created_at')
    .where('subject', '=', subject)
    .where('device_scope', '=', scope)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(policy.maxFailures)
    .execute();
  if (failures.length < policy.maxFailures) return 0;
  // Locked until the oldest of the last maxFailures failures leaves the window.
  const oldest = new Date(failures[failures.length - 1]!.created_at).getTime();
  const unlocksAt = oldest + policy.lockoutMinutes * 60_000;
  return Math.max(1, Math.ceil((unlocksAt - now.getTime()) / 60_000));
}

export async function recordLoginFailure(db: Db, subject: string, scope: string, now = new Date()) {
  await db
    .insertInto('login_failures')
    .values({ subject, device_scope: scope, created_at: now.toISOString() })
    .execute();
}

/** Clears the failures of one scope (a successful login) or of all scopes (a reset). */
export async function clearLoginFailures(db: Db, subject: string, scope?: string) {
  let query = db.deleteFrom('login_failures').where('subject', '=', subject);
  if (scope) query = query.where('device_scope', '=', scope);
  await query.execute();
}

/** Marks this browser as the member's own; returns the token for the device cookie. */
export async function trustDevice(db: Db, memberId: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('trusted_devices')
    .values({
      token_hash: hashToken(token),
      member_id: memberId,
      created_at: new Date().toISOString(),
    })
    .execute();
  return token;
}
