import type { Db } from '@server/db/database';
import { preparedQuery } from '@server/db/prepared-query';

const memberInterestsQuery = preparedQuery((db, memberId: number) =>
  db
    .selectFrom('member_interests')
    .innerJoin('interests', 'interests.id', 'member_interests.interest_id')
    .select(['interests.id', 'interests.key'])
    .where('member_interests.member_id', '=', memberId)
    .orderBy('interests.position'),
);

export async function listMemberInterests(db: Db, memberId: number) {
  return memberInterestsQuery(db, memberId);
}

/** Whether every id names an interest of the list (spec §3 interests). */
export async function areKnownInterests(db: Db, interestIds: number[]): Promise<boolean> {
  if (interestIds.length === 0) return true;
  const known = await db
    .selectFrom('interests')
    .select('id')
    .where('id', 'in', interestIds)
    .execute();
  return known.length === new Set(interestIds).size;
}
