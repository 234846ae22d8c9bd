import type { Updateable } from 'kysely';
import type { Db } from './database';
import { type Member, toMember } from './member-record';
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

export async function findMemberById(db: Db, memberId: number): Promise<Member | undefined> {
  const row = await db
    .selectFrom('members')
    .selectAll()
    .where('id', '=', memberId)
    .executeTakeFirst();
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
