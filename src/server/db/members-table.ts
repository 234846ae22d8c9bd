import { DELETION_UNDO_DAYS } from '@contract/account-deletion';
import { type Updateable, sql } from 'kysely';
import type { Db } from './database';
import { type Member, parseReasons, toMember } from './member-record';
import { toldTimeZoneChanges } from './member-time-zone';
import { preparedQuery } from './prepared-query';
import type { MemberRow, MembersTable, NewMember } from './schema';

// The one writer of the `members` table (issue 24 §2: "the members table has one owner").
// Every insert and update of a member row goes through a function here, so a future cache,
// an audit trail or a domain event has one place to hook in; a lint rule
// (eslint.config.js, "members-table-owner") refuses `insertInto/updateTable('members')`
// anywhere else in the server and the browser tests. It lives in the data layer rather than in
// features/members because nearly every feature reads and writes members (blocks and photos,
// which the members feature itself uses, among them): below the features it creates no cycle.

export async function findMemberByEmail(
  db: Db,
  siteId: number,
  email: string,
): Promise<Member | undefined> {
  const row = await db
    .selectFrom('members')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row && toMember(row);
}

const memberByIdQuery = preparedQuery((db, memberId: number) =>
  db.selectFrom('members').selectAll().where('id', '=', memberId),
);

/** A member by id. */
export async function findMemberById(db: Db, memberId: number): Promise<Member | undefined> {
  const [row] = await memberByIdQuery(db, memberId);
  return row && toMember(row);
}

/**
 * Columns a feature may change directly. The balance is not among them: it moves only with a
 * ledger row beside it (moveCreditBalance, called by the credit ledger alone). Nor is the time
 * zone: it changes at most once a day (keepToldTimeZone).
 */
export type MemberChanges = Omit<
  Updateable<MembersTable>,
  'credits' | 'time_zone' | 'next_time_zone' | 'next_time_zone_from'
>;

/** Inserts one member and returns the stored row. */
export async function insertMember(db: Db, row: NewMember): Promise<MemberRow> {
  return db.insertInto('members').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Inserts many members in one statement (the demo seed) and returns their ids in order. */
export async function insertMembers(db: Db, rows: readonly NewMember[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('members').values(rows).returning('id').execute();
  return inserted.map((row) => row.id);
}

/** Changes columns of one member's row (the one way features write member columns). */
export async function updateMember(
  db: Db,
  memberId: number,
  changes: MemberChanges,
): Promise<void> {
  await db.updateTable('members').set(changes).where('id', '=', memberId).execute();
}

/**
 * Keeps the time zone the member's browser told at login: the first applies at once, another
 * from the end of the member's current day (member-time-zone.ts, issue 29 item 8).
 */
export async function keepToldTimeZone(
  db: Db,
  member: Pick<MemberRow, 'id' | 'time_zone' | 'next_time_zone' | 'next_time_zone_from'>,
  told: string,
  now: Date = new Date(),
): Promise<void> {
  const changes = toldTimeZoneChanges(member, told, now);
  if (changes) await db.updateTable('members').set(changes).where('id', '=', member.id).execute();
}

/** Changes columns of a member of one site only; says whether such a member was changed. */
export async function updateSiteMember(
  db: Db,
  siteId: number,
  memberId: number,
  changes: MemberChanges,
): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set(changes)
    .where('id', '=', memberId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A member's activity is written at most once in this long (issue 29 item 13): often enough
 * for "recently active" lists, rarely enough that a member's calls do not each write a row.
 */
export const ACTIVITY_WRITE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Records that a member is active now (a session used, a socket opened: issue 29 item 13),
 * what every "recently active first" list orders by. Writes only when the row read says the
 * last record is older than ACTIVITY_WRITE_INTERVAL_MS, and then only if it still is: the
 * condition in the UPDATE keeps it to one write per member and interval across instances,
 * with nothing kept in memory. Answers whether this call wrote.
 */
export async function recordActivity(
  db: Db,
  member: Pick<MemberRow, 'id' | 'last_active_at'>,
  now = new Date(),
): Promise<boolean> {
  const staleBefore = new Date(now.getTime() - ACTIVITY_WRITE_INTERVAL_MS).toISOString();
  if (member.last_active_at !== null && member.last_active_at >= staleBefore) return false;
  const result = await db
    .updateTable('members')
    .set({ last_active_at: now.toISOString() })
    .where('id', '=', member.id)
    .where((eb) =>
      eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', staleBefore)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** spec §3: a proven address makes a new member active and their profile visible. */
export async function activateMember(db: Db, siteId: number, memberId: number): Promise<void> {
  await db
    .updateTable('members')
    .set({ status: 'active', profile_status: 'enabled' })
    .where('id', '=', memberId)
    .where('site_id', '=', siteId)
    .where('status', '=', 'not_confirmed')
    .execute();
}

/** A ban or unban as it changed the row: for the audit row beside it. */
export interface BanChange {
  before: { status: string; ban_reason: string | null };
  after: { status: string; ban_reason: string | null };
}

/**
 * Issue 30 item 5: staff ban a real member of one site, with a reason. Their sessions stop
 * working from this commit on (SESSION_STATUSES) and visibleMembers hides them; the caller
 * ends the sessions and sockets and writes the audit row in this same transaction. A
 * member already banned gets the new reason; a deleted one or a fictional profile (paused or
 * retired in their own screen) is not found.
 */
export async function banMember(
  trx: Db,
  siteId: number,
  memberId: number,
  reason: string,
): Promise<BanChange | undefined> {
  const row = await trx
    .selectFrom('members')
    .select(['status', 'ban_reason', 'status_before_ban'])
    .where('id', '=', memberId)
    .where('site_id', '=', siteId)
    .where('is_fictional', '=', 0)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
  if (!row) return undefined;
  const statusBefore = row.status === 'banned' ? row.status_before_ban : row.status;
  await trx
    .updateTable('members')
    .set({ status: 'banned', ban_reason: reason, status_before_ban: statusBefore })
    .where('id', '=', memberId)
    .execute();
  return {
    before: { status: row.status, ban_reason: row.ban_reason },
    after: { status: 'banned', ban_reason: reason },
  };
}

/**
 * Lifts a ban: the member gets back the status they had (one who had not confirmed their
 * address still has to). Answers undefined when the member is not a banned one of this site.
 */
export async function unbanMember(
  trx: Db,
  siteId: number,
  memberId: number,
): Promise<BanChange | undefined> {
  const row = await trx
    .selectFrom('members')
    .select(['status', 'ban_reason', 'status_before_ban'])
    .where('id', '=', memberId)
    .where('site_id', '=', siteId)
    .where('status', '=', 'banned')
    .executeTakeFirst();
  if (!row) return undefined;
  const status = row.status_before_ban ?? 'active';
  await trx
    .updateTable('members')
    .set({ status, ban_reason: null, status_before_ban: null })
    .where('id', '=', memberId)
    .execute();
  return {
    before: { status: row.status, ban_reason: row.ban_reason },
    after: { status, ban_reason: null },
  };
}

/**
 * Moves a member's credit balance by `amount` unless it would fall below zero; returns the new
 * balance, or undefined when the balance was too small. Only the credit ledger calls this, inside
 * its transaction, beside the ledger row it writes (features/credits/credit-ledger.ts).
 */
export async function moveCreditBalance(
  trx: Db,
  memberId: number,
  amount: number,
): Promise<number | undefined> {
  const updated = await trx
    .updateTable('members')
    .set({ credits: sql<number>`credits + ${amount}` })
    .where('id', '=', memberId)
    .where(sql<boolean>`credits + ${amount} >= 0`)
    .returning('credits')
    .executeTakeFirst();
  return updated?.credits;
}

/** spec §1: a member with a paid purchase is premium (paid_user). */
export async function markPremium(trx: Db, memberId: number): Promise<void> {
  await trx.updateTable('members').set({ paid_user: 1 }).where('id', '=', memberId).execute();
}

/**
 * After a refund or chargeback: the member stays premium only while another purchase of theirs
 * is still paid (spec §1 premium = has paid). Runs in the reversal's transaction.
 */
export async function dropPremiumUnlessStillPaid(trx: Db, memberId: number): Promise<void> {
  const stillPaid = await trx
    .selectFrom('payments')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (!stillPaid)
    await trx.updateTable('members').set({ paid_user: 0 }).where('id', '=', memberId).execute();
}

// spec §9: a deleted account can be restored for DELETION_UNDO_DAYS; then it is erased.
export { DELETION_UNDO_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which a deletion can no longer be undone (and is due for erasure). */
export const undoDeadlineFor = (now: Date) =>
  new Date(now.getTime() - DELETION_UNDO_DAYS * DAY_MS).toISOString();

/**
 * spec §1: the member deletes their account. The status 'deleted' hides them from every list
 * (visibleMembers) and ends their sessions (SESSION_STATUSES) from the next request on; the
 * status before is kept for an undo within DELETION_UNDO_DAYS. Says whether it was deleted
 * now (false for a member already deleted, or of a status that cannot delete itself).
 */
export async function markDeleted(trx: Db, memberId: number, now = new Date()): Promise<boolean> {
  const result = await trx
    .updateTable('members')
    .set((eb) => ({
      status: 'deleted',
      status_before_deletion: eb.ref('status'),
      deleted_at: now.toISOString(),
    }))
    .where('id', '=', memberId)
    .where('status', 'in', ['not_confirmed', 'active'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The undo (spec §9: within 14 days): the account comes back intact, with the status it had.
 * False when it is not deleted or its days are over (the erasure job's turn).
 */
export async function restoreDeleted(
  trx: Db,
  memberId: number,
  now = new Date(),
): Promise<boolean> {
  const result = await trx
    .updateTable('members')
    .set((eb) => ({
      status: eb.fn.coalesce('status_before_deletion', sql<string>`'active'`),
      status_before_deletion: null,
      deleted_at: null,
    }))
    .where('id', '=', memberId)
    .where('status', '=', 'deleted')
    .where('deleted_at', '>', undoDeadlineFor(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The erasure (docs/account-lifecycle.md): the row stays only as the pseudonym that the kept
 * payments, ledger and the partner's conversations point at. Everything that says who the
 * person was goes; the address is freed for a new signup. Kept: the site, the country (the
 * VAT of the kept payments), the balance beside its ledger, premium, dates of signup and
 * deletion. Only for a member whose deletion is past its undo days.
 */
export async function pseudonymiseMember(
  trx: Db,
  memberId: number,
  now = new Date(),
): Promise<boolean> {
  const result = await trx
    .updateTable('members')
    .set({
      status: 'erased',
      status_before_deletion: null,
      profile_status: 'disabled',
      email: `erased-${memberId}@erased.invalid`,
      name: '',
      password_hash: null,
      date_of_birth: '1900-01-01',
      gender: null,
      seeking: null,
      sexuality: null,
      region: null,
      hair_color: null,
      eye_color: null,
      body_type: null,
      relationship_status: null,
      about: '',
      is_invisible: 1,
      last_active_at: null,
      network: null,
      ref: null,
      sub1: null,
      sub2: null,
      sub3: null,
      signup_message: null,
      signup_message_to: null,
      invite_code: null,
      notifications_disabled_json: '[]',
      password_changed_at: null,
      time_zone: null,
      next_time_zone: null,
      next_time_zone_from: null,
    })
    .where('id', '=', memberId)
    .where('status', '=', 'deleted')
    .where('deleted_at', '<=', undoDeadlineFor(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * spec §8: the direct-debit block flag and this member's own monthly limit (JSON
 * {currency: cents}; null: the site's), set by an owner or admin (issue 30 item 8). The
 * caller writes the audit row in the same transaction.
 */
export async function setDirectDebitRules(
  trx: Db,
  memberId: number,
  rules: { blocked?: boolean; limitJson?: string | null },
): Promise<void> {
  await trx
    .updateTable('members')
    .set({
      ...(rules.blocked !== undefined ? { direct_debit_blocked: rules.blocked ? 1 : 0 } : {}),
      ...(rules.limitJson !== undefined ? { direct_debit_limit_json: rules.limitJson } : {}),
    })
    .where('id', '=', memberId)
    .execute();
}

/**
 * Adds a reason e-mail is disabled (spec §8: fbl, bounce, listunsubscribe) to the member's
 * `notifications_disabled`, once (issue 31 item 5). Read and written in the caller's
 * transaction.
 */
export async function disableMemberEmail(trx: Db, memberId: number, reason: string): Promise<void> {
  const row = await trx
    .selectFrom('members')
    .select('notifications_disabled_json')
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!row) return;
  const reasons = parseReasons(row.notifications_disabled_json);
  if (reasons.includes(reason)) return;
  await trx
    .updateTable('members')
    .set({ notifications_disabled_json: JSON.stringify([...reasons, reason]) })
    .where('id', '=', memberId)
    .execute();
}

/** The member turned e-mail back on: no reason is left (issue 31 item 5). */
export async function resumeMemberEmail(db: Db, memberId: number): Promise<void> {
  await db
    .updateTable('members')
    .set({ notifications_disabled_json: '[]' })
    .where('id', '=', memberId)
    .execute();
}
