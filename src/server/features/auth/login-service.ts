import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { findMemberByEmail, undoDeadlineFor } from '@server/db/members-table';
import { AppError } from '@server/errors/app-error';
import {
  type LockoutPolicy,
  UNTRUSTED_SCOPE,
  clearLoginFailures,
  deviceScope,
  lockoutMinutesLeft,
  loginSubject,
  recordLoginFailure,
  trustDevice,
} from './login-lockout';
import { hashPassword, verifyPassword } from './password-hashing';

// Verified when the address is unknown, so a miss takes as long as a wrong password.
const DUMMY_HASH = hashPassword('timing-equaliser-password');

export interface LoginResult {
  member: Member;
  /** A new device token when this browser was not yet trusted for the member. */
  newDeviceToken: string | undefined;
}

/**
 * spec §8: a wrong password answers login_failed; repeated failures lock further attempts
 * (account_locked with the minutes left). See docs/login-lockout.md for the scopes.
 *
 * Known and unknown addresses take the same path, a password verification included, so
 * neither the answer nor its timing tells whether an address has an account (issue 7 §1.6).
 */
export async function logIn(
  db: Db,
  siteId: number,
  credentials: { email: string; password: string },
  deviceToken: string | undefined,
  policy: LockoutPolicy,
  /** The undo of a deletion (account-restore.php) logs in to a deleted account on purpose. */
  options: { restoring?: boolean } = {},
): Promise<LoginResult> {
  const subject = loginSubject(siteId, credentials.email);
  const member = await findMemberByEmail(db, siteId, credentials.email);
  const scope = member ? await deviceScope(db, member.id, deviceToken) : UNTRUSTED_SCOPE;
  const lockedFor = await lockoutMinutesLeft(db, subject, scope, policy);
  const passwordHash = member?.password_hash;
  const passwordMatches =
    (await verifyPassword(passwordHash ?? (await DUMMY_HASH), credentials.password)) &&
    Boolean(passwordHash);
  if (lockedFor > 0) throw new AppError('account_locked', 'rate_limited', { minutes: lockedFor });
  if (!member || !passwordMatches) {
    await recordLoginFailure(db, subject, scope);
    const nowLockedFor = await lockoutMinutesLeft(db, subject, scope, policy);
    if (nowLockedFor > 0)
      throw new AppError('account_locked', 'rate_limited', { minutes: nowLockedFor });
    throw new AppError('login_failed', 'unauthenticated');
  }
  await clearLoginFailures(db, subject, scope);
  // Issue 30 item 5: said only to whoever knows the password, so it reveals no account.
  if (member.status === 'banned') throw new AppError('account_banned', 'forbidden');
  // Issue 31 item 7: a deleted account is offered its undo (only to whoever knows the
  // password) while its 14 days last; after them it no longer exists for a login.
  if (member.status === 'deleted' && !options.restoring) {
    if (member.deleted_at && member.deleted_at > undoDeadlineFor(new Date()))
      throw new AppError('account_deleted_restorable', 'forbidden');
    throw new AppError('login_failed', 'unauthenticated');
  }
  const newDeviceToken = scope === UNTRUSTED_SCOPE ? await trustDevice(db, member.id) : undefined;
  return { member, newDeviceToken };
}
