import { sql } from 'kysely';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { selectProfileCards } from '@server/features/members';

const inCountry = (db: Db, siteId: number, memberId: number | null, country: string) =>
  selectProfileCards(db, { siteId, memberId })
    .where('members.country', '=', country)
    .orderBy('members.last_active_at', 'desc')
    .orderBy('members.id', 'desc');

/**
 * Members to suggest right after signup: same country, the gender they seek when known. Asked
 * once per signup, so built per call (no preparedQuery). The LIMIT is a literal, as in the
 * other card lists: SQLite plans `LIMIT 12` better than `LIMIT ?`.
 */
export async function listSignupMatches(db: Db, member: Member, limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError('limit');
  const { site_id: siteId, id, country, seeking } = member;
  return inCountry(db, siteId, id, country)
    .where('members.id', '!=', id)
    .$if(seeking === 'female' || seeking === 'male', (query) =>
      query.where('members.gender', '=', seeking),
    )
    .limit(sql.lit(limit))
    .execute();
}
