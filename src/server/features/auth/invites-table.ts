import type { AdminInvite, inviteCreateSchema } from '@contract/admin-business';
import type { z } from 'zod';
import type { Db } from '@server/db/database';
import type { Staff } from '@server/db/staff-record';
import { recordAudit } from '@server/db/staff-audit-table';
import { AppError } from '@server/errors/app-error';

/**
 * The owner of `invites` (spec §1 "invite-only signup mode", issue 30 item 7): the console
 * creates and ends invites here, signup checks and counts them here, so one rule says
 * whether an invite still opens the door.
 */
interface InviteRow {
  id: number;
  code: string;
  max_uses: number;
  uses: number;
  expires_at: string | null;
  created_at: string;
}

/** The one rule: uses left and not expired (an ended invite expired when it was ended). */
export function inviteStateOf(invite: InviteRow, now: Date): AdminInvite['state'] {
  if (invite.expires_at !== null && invite.expires_at <= now.toISOString()) return 'expired';
  if (invite.uses >= invite.max_uses) return 'used_up';
  return 'usable';
}

const present = (row: InviteRow, now: Date): AdminInvite => ({
  id: row.id,
  code: row.code,
  max_uses: row.max_uses,
  uses: row.uses,
  expires: row.expires_at,
  state: inviteStateOf(row, now),
  created_at: row.created_at,
});

/** Signup's check (before the transaction): the code names a usable invite of the site. */
export async function isInviteUsable(db: Db, siteId: number, code: string, now = new Date()) {
  const invite = await db
    .selectFrom('invites')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .executeTakeFirst();
  return invite !== undefined && inviteStateOf(invite, now) === 'usable';
}

/**
 * Counts one use inside the signup's transaction, only while the invite is usable: two
 * signups racing for the last use cannot both pass; the loser's signup rolls back.
 */
export async function countInviteUse(trx: Db, siteId: number, code: string, now = new Date()) {
  const counted = await trx
    .updateTable('invites')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .whereRef('uses', '<', 'max_uses')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]))
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) throw new AppError('invite_invalid', 'forbidden');
}

export async function listInvites(db: Db, siteId: number, now = new Date()) {
  const rows = await db
    .selectFrom('invites')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => present(row, now));
}

async function findInvite(db: Db, siteId: number, id: number): Promise<InviteRow> {
  const row = await db
    .selectFrom('invites')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'not_found');
  return row;
}

export async function createInvite(
  db: Db,
  staff: Staff,
  siteId: number,
  input: z.infer<typeof inviteCreateSchema>,
  now = new Date(),
): Promise<AdminInvite> {
  // Invite codes are unique across the installation (migration 0002), so the check is too.
  const taken = async () =>
    (await db
      .selectFrom('invites')
      .select('id')
      .where('code', '=', input.code)
      .executeTakeFirst()) !== undefined;
  if (await taken()) throw new AppError('code_taken', 'conflict');
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('invites')
        .values({
          site_id: siteId,
          code: input.code,
          max_uses: input.max_uses,
          expires_at: input.expires === null ? null : new Date(input.expires).toISOString(),
          created_at: now.toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const invite = present(row, now);
      await recordAudit(
        trx,
        { staffId: staff.id, action: 'invite.create', siteId, subject: invite.code, after: invite },
        now,
      );
      return invite;
    });
  } catch (error) {
    if (await taken()) throw new AppError('code_taken', 'conflict');
    throw error;
  }
}

/** Ends an invite: it expires now (an invite already over keeps its end). */
export async function endInvite(
  db: Db,
  staff: Staff,
  siteId: number,
  id: number,
  now = new Date(),
): Promise<AdminInvite> {
  return db.transaction().execute(async (trx) => {
    const before = await findInvite(trx, siteId, id);
    if (inviteStateOf(before, now) === 'expired') return present(before, now);
    const after = await trx
      .updateTable('invites')
      .set({ expires_at: now.toISOString() })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const invite = present(after, now);
    await recordAudit(
      trx,
      {
        staffId: staff.id,
        action: 'invite.end',
        siteId,
        subject: before.code,
        before: present(before, now),
        after: invite,
      },
      now,
    );
    return invite;
  });
}

/** The members who signed up with an invite, newest first. */
export async function inviteUses(db: Db, siteId: number, id: number) {
  const invite = await findInvite(db, siteId, id);
  const rows = await db
    .selectFrom('members')
    .select(['id', 'name', 'created_at'])
    .where('site_id', '=', siteId)
    .where('invite_code', '=', invite.code)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    member_id: row.id,
    member_name: row.name,
    payment_id: null,
    amount_cents: null,
    currency: null,
    used_at: row.created_at,
  }));
}
