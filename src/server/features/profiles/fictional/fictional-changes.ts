import { randomUUID } from 'node:crypto';
import type { FictionalProfileInput, FictionalState } from '@contract/fictional-profiles';
import type { Db } from '@server/db/database';
import { findMemberById, insertMember, updateSiteMember } from '@server/db/members-table';
import { recordAudit } from '@server/db/staff-audit-table';
import { invalidFields } from '@server/errors/app-error';
import { replaceInterests } from '../profile-queries';
import { fictionalStateOf } from './fictional-queries';

// Every console change of a fictional profile (issue 30 item 4), each with its audit row in
// the change's own transaction (item 2). The fictional flag is set at creation and appears in
// no change: nothing here, nor any endpoint, can switch the label off (spec §1).

interface Actor {
  staffId: number;
  siteId: number;
}

const subjectOf = (id: number) => `member:${id}`;

/** The columns the console writes from its form (the interests have their own table). */
function columnsOf(input: FictionalProfileInput) {
  const { interests: _interests, auto_like, birth_date, ...columns } = input;
  return { ...columns, date_of_birth: birth_date, auto_like: auto_like ? 1 : 0 };
}

export async function createFictionalProfile(
  db: Db,
  actor: Actor,
  input: FictionalProfileInput,
  now = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await insertMember(trx, {
      ...columnsOf(input),
      site_id: actor.siteId,
      // Never used to log in or mail: an address of the reserved .invalid domain (RFC 2606).
      email: `fictional-${randomUUID()}@fictional.invalid`,
      password_hash: null,
      status: 'active',
      profile_status: 'enabled',
      is_fictional: 1,
      created_at: now.toISOString(),
      // Honesty: no activity is made up; the profile is active when an operator answers.
      last_active_at: null,
    });
    await replaceInterests(trx, row.id, input.interests);
    await recordAudit(
      trx,
      {
        staffId: actor.staffId,
        action: 'fictional.created',
        siteId: actor.siteId,
        subject: subjectOf(row.id),
        after: input,
      },
      now,
    );
    return row.id;
  });
}

/** A retired profile is final: neither its fields nor its state change again. */
async function changeableProfile(trx: Db, siteId: number, id: number) {
  const member = await findMemberById(trx, id);
  if (!member || member.site_id !== siteId || !member.is_fictional) return undefined;
  if (member.status === 'retired') throw invalidFields({ state: 'invalid_value' });
  return member;
}

/** Answers false when the site has no such fictional profile. */
export async function changeFictionalProfile(
  db: Db,
  actor: Actor,
  id: number,
  input: FictionalProfileInput,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await changeableProfile(trx, actor.siteId, id);
    if (!before) return false;
    await updateSiteMember(trx, actor.siteId, id, columnsOf(input));
    await replaceInterests(trx, id, input.interests);
    const { interests: _interests, ...after } = input;
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'fictional.changed',
      siteId: actor.siteId,
      subject: subjectOf(id),
      before: Object.fromEntries(
        Object.keys(after).map((key) => [
          key,
          key === 'auto_like'
            ? before.auto_like === 1
            : before[(key === 'birth_date' ? 'date_of_birth' : key) as keyof typeof before],
        ]),
      ),
      after,
    });
    return true;
  });
}

/** active ⇄ paused, either → retired. Answers false when there is no such profile. */
export async function setFictionalState(
  db: Db,
  actor: Actor,
  id: number,
  state: FictionalState,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await changeableProfile(trx, actor.siteId, id);
    if (!before) return false;
    const from = fictionalStateOf(before.status);
    if (from === state) return true;
    await updateSiteMember(trx, actor.siteId, id, { status: state });
    await recordAudit(trx, {
      staffId: actor.staffId,
      action: 'fictional.state_changed',
      siteId: actor.siteId,
      subject: subjectOf(id),
      before: { state: from },
      after: { state },
    });
    return true;
  });
}

/** The audit row of a photo added or removed, written in the photo's own transaction. */
export const photoAudit =
  (actor: Actor, id: number, action: 'fictional.photo_added' | 'fictional.photo_removed') =>
  (trx: Db) =>
    recordAudit(trx, {
      staffId: actor.staffId,
      action,
      siteId: actor.siteId,
      subject: subjectOf(id),
    });
