import type { Db } from '@server/db/database';
import type { MemberRow } from '@server/db/schema';

export async function findMemberByEmail(
  db: Db,
  siteId: number,
  email: string,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function findMemberById(db: Db, memberId: number): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
}
