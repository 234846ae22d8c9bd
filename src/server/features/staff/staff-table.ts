import type { SiteScope, StaffRole } from '@contract/staff';
import type { Db } from '@server/db/database';
import { recordAudit } from '@server/db/staff-audit-table';
import { type Staff, toStaff } from '@server/db/staff-record';
import type { StaffRow } from '@server/db/tables/staff-tables';
import { AppError } from '@server/errors/app-error';
import { hashPassword } from '@server/features/auth';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { newTotpSecret } from './totp';

/*
 * The one writer of the staff table (issue 30 item 1; WHERE-THINGS-GO.md "one owner per
 * table"), with operations named by intent. Each change writes its audit row in its own
 * transaction (item 2) and a change of what someone may do ends their sessions at once: the
 * session is read from the database on every request, so on every instance.
 */

export interface NewStaff {
  email: string;
  name: string;
  password: string;
  role: StaffRole;
  sites: SiteScope;
  languages?: string[];
  /** The demo site's staff only: a published secret, so their codes can be computed. */
  totpSecret?: string;
}

export interface CreatedStaff {
  staff: Staff;
  totpSecret: string;
  recoveryCodes: string[];
}

export async function createStaff(
  db: Db,
  actorId: number | null,
  input: NewStaff,
  now = new Date(),
): Promise<CreatedStaff> {
  const totpSecret = input.totpSecret ?? newTotpSecret();
  const recoveryCodes = newRecoveryCodes();
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim().toLowerCase();
  const staff = await db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('staff')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (taken) throw new AppError('email_taken', 'conflict');
    const row = await trx
      .insertInto('staff')
      .values({
        email,
        name: input.name,
        password_hash: passwordHash,
        role: input.role,
        sites_json: JSON.stringify(input.sites),
        languages_json: JSON.stringify(input.languages ?? []),
        totp_secret: totpSecret,
        recovery_code_hashes_json: JSON.stringify(recoveryCodes.map(hashRecoveryCode)),
        status: 'active',
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const created = toStaff(row);
    await recordAudit(trx, {
      staffId: actorId,
      action: 'staff.created',
      siteId: null,
      subject: `staff:${created.id}`,
      after: auditView(created),
    });
    return created;
  });
  return { staff, totpSecret, recoveryCodes };
}

export interface StaffChanges {
  role?: StaffRole;
  sites?: SiteScope;
  languages?: string[];
  status?: 'active' | 'disabled';
}

/**
 * Changes what a staff member may do. Any change ends all their sessions in the same
 * transaction (issue 30 item 1: "revoked at once on a role change or removal").
 */
export async function changeStaff(
  db: Db,
  actorId: number,
  staffId: number,
  changes: StaffChanges,
  siteId: number | null,
): Promise<Staff> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('staff')
      .selectAll()
      .where('id', '=', staffId)
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', 'not_found');
    const before = toStaff(row);
    const updated = await trx
      .updateTable('staff')
      .set({
        ...(changes.role ? { role: changes.role } : {}),
        ...(changes.sites ? { sites_json: JSON.stringify(changes.sites) } : {}),
        ...(changes.languages ? { languages_json: JSON.stringify(changes.languages) } : {}),
        ...(changes.status ? { status: changes.status } : {}),
      })
      .where('id', '=', staffId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = toStaff(updated);
    await trx.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
    await trx.deleteFrom('operator_claims').where('staff_id', '=', staffId).execute();
    await recordAudit(trx, {
      staffId: actorId,
      action: 'staff.changed',
      siteId,
      subject: `staff:${staffId}`,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}

/** What the audit keeps of a staff member: never the password hash or the secrets. */
function auditView({ email, name, role, sites, languages, status }: Staff) {
  return { email, name, role, sites, languages, status };
}

export async function findStaffRowByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  return db
    .selectFrom('staff')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function listStaff(db: Db): Promise<Staff[]> {
  const rows = await db.selectFrom('staff').selectAll().orderBy('id').execute();
  return rows.map(toStaff);
}

/**
 * Takes a TOTP time step as used: only a later step than the last one taken is accepted, in
 * one conditional statement, so a code replayed (or raced) within its 30 s is refused.
 */
export async function takeTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses up one recovery code; false when it is not (or no longer) one of theirs. */
export async function takeRecoveryCode(db: Db, staffId: number, code: string): Promise<boolean> {
  const hash = hashRecoveryCode(code);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('staff')
      .select('recovery_code_hashes_json')
      .where('id', '=', staffId)
      .executeTakeFirst();
    const hashes = row ? (JSON.parse(row.recovery_code_hashes_json) as string[]) : [];
    if (!hashes.includes(hash)) return false;
    // Conditional on the list read: two logins with one code cannot both use it.
    const result = await trx
      .updateTable('staff')
      .set({ recovery_code_hashes_json: JSON.stringify(hashes.filter((h) => h !== hash)) })
      .where('id', '=', staffId)
      .where('recovery_code_hashes_json', '=', row!.recovery_code_hashes_json)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await recordAudit(trx, {
      staffId,
      action: 'staff.recovery_code_used',
      siteId: null,
      subject: `staff:${staffId}`,
      after: { codes_left: hashes.length - 1 },
    });
    return true;
  });
}
