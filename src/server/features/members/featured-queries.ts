import type { Db } from '@server/db/database';
import { type Place, listNearFirst, ringsAround } from './near-first';
import { selectProfileCards } from './profile-card';

/**
 * The landing page's strip: recently active visible members with a photo, those near the
 * viewer first (their region, their country, then elsewhere: issue 29 item 14). For a
 * logged-in viewer, without themselves and without anyone blocked either way (spec §1).
 */
export async function listFeaturedMembers(
  db: Db,
  siteId: number,
  limit: number,
  { viewerId, place }: { viewerId?: number | undefined; place: Place },
) {
  return listNearFirst(ringsAround(place), limit, (ring, ringLimit) => {
    let query = selectProfileCards(db, { siteId, memberId: viewerId ?? null })
      .where(ring)
      .orderBy('members.last_active_at', 'desc')
      .orderBy('members.id', 'desc')
      .limit(ringLimit);
    if (viewerId !== undefined) query = query.where('members.id', '!=', viewerId);
    return query.execute();
  });
}
