import type { Db } from '@server/db/database';

export async function listMemberInterests(db: Db, memberId: number) {
  return db
    .selectFrom('member_interests')
    .innerJoin('interests', 'interests.id', 'member_interests.interest_id')
    .select(['interests.id', 'interests.key'])
    .where('member_interests.member_id', '=', memberId)
    .orderBy('interests.position')
    .execute();
}
