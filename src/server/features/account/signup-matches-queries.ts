import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { perPageSize, preparedQuery } from '@server/db/prepared-query';
import { selectProfileCards } from '@server/features/members';

const inCountry = (db: Db, siteId: number, memberId: number | null, country: string) =>
  selectProfileCards(db, { siteId, memberId })
    .where('members.country', '=', country)
    .orderBy('members.last_active_at', 'desc')
    .orderBy('members.id', 'desc');
const matchesQuery = (db: Db, siteId: number, memberId: number, country: string) =>
  inCountry(db, siteId, memberId, country).where('members.id', '!=', memberId);
const anyGenderQuery = perPageSize((limit) =>
  preparedQuery((db, siteId: number, memberId: number, country: string) =>
    matchesQuery(db, siteId, memberId, country).limit(limit),
  ),
);
const oneGenderQuery = perPageSize((limit) =>
  preparedQuery((db, siteId: number, memberId: number, country: string, gender: string) =>
    matchesQuery(db, siteId, memberId, country).where('members.gender', '=', gender).limit(limit),
  ),
);

/** Members to suggest right after signup: same country, the gender they seek when known. */
export async function listSignupMatches(db: Db, member: Member, limit: number) {
  const { site_id: siteId, id, country, seeking } = member;
  return seeking === 'female' || seeking === 'male'
    ? oneGenderQuery(limit)(db, siteId, id, country, seeking)
    : anyGenderQuery(limit)(db, siteId, id, country);
}
