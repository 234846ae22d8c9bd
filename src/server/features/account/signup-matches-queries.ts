import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { withoutBlocked } from '@server/features/blocks';
import { selectProfileCards } from '@server/features/members';

/** Members to suggest right after signup: same country, the gender they seek when known. */
export async function listSignupMatches(db: Db, member: Member, limit: number) {
  let query = withoutBlocked(selectProfileCards(db, member.site_id), member.id)
    .where('members.id', '!=', member.id)
    .where('members.country', '=', member.country);
  if (member.seeking === 'female' || member.seeking === 'male') {
    query = query.where('members.gender', '=', member.seeking);
  }
  return query
    .orderBy('members.last_active_at', 'desc')
    .orderBy('members.id', 'desc')
    .limit(limit)
    .execute();
}
