import type { Updateable } from 'kysely';
import type { Db } from './database';
import { type Member, toMember } from './member-record';
import { preparedQuery } from './prepared-query';
import type { MembersTable } from './schema';

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

/** Changes columns of one member's row (the one way features write member columns). */
export async function updateMember(
  db: Db,
  memberId: number,
  changes: Updateable<MembersTable>,
): Promise<void> {
  await db.updateTable('members').set(changes).where('id', '=', memberId).execute();
}

/** Changes columns of a member of one site only; says whether such a member was changed. */
export async function updateSiteMember(
  db: Db,
  siteId: number,
  memberId: number,
  changes: Updateable<MembersTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set(changes)
    .where('id', '=', memberId)
    .where('site_id', '=', siteId)
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
