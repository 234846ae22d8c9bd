import type { Db } from '@server/db/database';
import { type Staff, toStaff } from '@server/db/staff-record';
import { AppError } from '@server/errors/app-error';
import {
  type LockoutPolicy,
  UNTRUSTED_SCOPE,
  clearLoginFailures,
  hashPassword,
  hashToken,
  lockoutMinutesLeft,
  newToken,
  recordLoginFailure,
  verifyPassword,
} from '@server/features/auth';
import { looksLikeRecoveryCode } from './recovery-codes';
import { findStaffRowByEmail, takeRecoveryCode, takeTotpStep } from './staff-table';
import { matchingStep } from './totp';

// Verified when the address is unknown, so a miss takes as long as a wrong password.
const DUMMY_HASH = hashPassword('timing-equaliser-staff-password');

export interface StaffLoginResult {
  staff: Staff;
  newDeviceToken: string | undefined;
}

/** Failures are counted per typed address, apart from members' (docs/login-lockout.md). */
const subjectOf = (email: string) => hashToken(`staff:${email.trim().toLowerCase()}`);

async function deviceScope(db: Db, staffId: number, deviceToken: string | undefined) {
  if (!deviceToken || deviceToken.length > 100) return UNTRUSTED_SCOPE;
  const tokenHash = hashToken(deviceToken);
  const device = await db
    .selectFrom('staff_devices')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
  return device ? tokenHash : UNTRUSTED_SCOPE;
}

/**
 * Password and second factor in one step (issue 30 item 1). Any failure answers the same
 * login_failed, whichever part was wrong, and counts towards the lockout. The lockout follows
 * the members' rules: a browser the staff member logged in from before has its own pool, so
 * a stranger's failures never lock them out of it (docs/login-lockout.md).
 */
export async function logInStaff(
  db: Db,
  credentials: { email: string; password: string; code: string },
  deviceToken: string | undefined,
  policy: LockoutPolicy,
  now = new Date(),
): Promise<StaffLoginResult> {
  const subject = subjectOf(credentials.email);
  const row = await findStaffRowByEmail(db, credentials.email);
  const scope = row ? await deviceScope(db, row.id, deviceToken) : UNTRUSTED_SCOPE;
  const lockedFor = await lockoutMinutesLeft(db, subject, scope, policy, now);
  const passwordMatches =
    (await verifyPassword(row?.password_hash ?? (await DUMMY_HASH), credentials.password)) &&
    Boolean(row);
  if (lockedFor > 0) throw new AppError('account_locked', 'rate_limited', { minutes: lockedFor });
  const secondFactor =
    row && passwordMatches && row.status === 'active'
      ? await takeSecondFactor(db, row.id, row.totp_secret, credentials.code, now)
      : false;
  if (!row || !secondFactor) {
    await recordLoginFailure(db, subject, scope, now);
    const nowLockedFor = await lockoutMinutesLeft(db, subject, scope, policy, now);
    if (nowLockedFor > 0)
      throw new AppError('account_locked', 'rate_limited', { minutes: nowLockedFor });
    throw new AppError('login_failed', 'unauthenticated');
  }
  await clearLoginFailures(db, subject, scope);
  let newDeviceToken: string | undefined;
  if (scope === UNTRUSTED_SCOPE) {
    newDeviceToken = newToken();
    await db
      .insertInto('staff_devices')
      .values({
        token_hash: hashToken(newDeviceToken),
        staff_id: row.id,
        created_at: now.toISOString(),
      })
      .execute();
  }
  return { staff: toStaff(row), newDeviceToken };
}

/** A fresh TOTP code (never one of a step used before) or an unused recovery code. */
async function takeSecondFactor(db: Db, staffId: number, secret: string, code: string, now: Date) {
  if (looksLikeRecoveryCode(code) && !/^\d{6}$/.test(code))
    return takeRecoveryCode(db, staffId, code);
  const step = matchingStep(secret, code, now);
  return step !== undefined && (await takeTotpStep(db, staffId, step));
}
