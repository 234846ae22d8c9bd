import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { listNearFirst, placeOf, ringsAround, selectProfileCards } from '@server/features/members';

/**
 * Members to suggest right after signup ("A few members near you"): of the member's own
 * country, their region first (issue 29 item 14), the gender they seek when known, the
 * recently active first.
 */
export async function listSignupMatches(db: Db, member: Member, limit: number) {
  const { site_id: siteId, id, seeking } = member;
  const rings = ringsAround(placeOf(member), { countryOnly: true });
  return listNearFirst(rings, limit, (ring, ringLimit) => {
    let query = selectProfileCards(db, { siteId, memberId: id })
      .where(ring)
      .where('members.id', '!=', id)
      .orderBy('members.last_active_at', 'desc')
      .orderBy('members.id', 'desc')
      .limit(ringLimit);
    if (seeking === 'female' || seeking === 'male')
      query = query.where('members.gender', '=', seeking);
    return query.execute();
  });
}
