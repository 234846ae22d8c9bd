import type { Db } from '@server/db/database';
import type { MemberRow } from '@server/db/schema';
import { findMemberByEmail } from '@server/features/account/member-queries';
import { HttpError } from '@server/http/http-error';
import {
  type LockoutPolicy,
  UNTRUSTED_SCOPE,
  clearLoginFailures,
  deviceScope,
  lockoutMinutesLeft,
  recordLoginFailure,
  trustDevice,
} from './login-lockout';
import { hashPassword, verifyPassword } from './password-hashing';

// Verified when the address is unknown, so a miss takes as long as a wrong password.
const DUMMY_HASH = hashPassword('timing-equaliser-password');

export interface LoginResult {
  member: MemberRow;
  /** A new device token when this browser was not yet trusted for the member. */
  newDeviceToken: string | undefined;
}

/**
 * spec §8: a wrong password answers login_failed; repeated failures lock further attempts
 * (account_locked with the minutes left). See docs/login-lockout.md for the scopes.
 */
export async function logIn(
  db: Db,
  siteId: number,
  credentials: { email: string; password: string },
  deviceToken: string | undefined,
  policy: LockoutPolicy,
): Promise<LoginResult> {
  const member = await findMemberByEmail(db, siteId, credentials.email);
  if (!member?.password_hash) {
    await verifyPassword(await DUMMY_HASH, credentials.password);
    throw new HttpError(401, 'login_failed');
  }
  const scope = await deviceScope(db, member.id, deviceToken);
  const lockedFor = await lockoutMinutesLeft(db, member.id, scope, policy);
  if (lockedFor > 0) throw new HttpError(429, 'account_locked', { minutes: lockedFor });

  if (!(await verifyPassword(member.password_hash, credentials.password))) {
    await recordLoginFailure(db, member.id, scope);
    const nowLockedFor = await lockoutMinutesLeft(db, member.id, scope, policy);
    if (nowLockedFor > 0) throw new HttpError(429, 'account_locked', { minutes: nowLockedFor });
    throw new HttpError(401, 'login_failed');
  }

  await clearLoginFailures(db, member.id, scope);
  const newDeviceToken = scope === UNTRUSTED_SCOPE ? await trustDevice(db, member.id) : undefined;
  return { member, newDeviceToken };
}
