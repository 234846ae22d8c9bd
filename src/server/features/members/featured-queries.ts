import type { Db } from '@server/db/database';
import { withoutBlocked } from '@server/features/blocks';
import { selectProfileCards } from './profile-card';

/**
 * The landing page's strip: recently active visible members with a photo. For a logged-in
 * viewer, without themselves and without anyone blocked either way (spec §1).
 */
export async function listFeaturedMembers(
  db: Db,
  siteId: number,
  limit: number,
  viewerId?: number,
) {
  const cards = selectProfileCards(db, siteId);
  const visible =
    viewerId === undefined
      ? cards
      : withoutBlocked(cards, viewerId).where('members.id', '!=', viewerId);
  return visible
    .orderBy('members.last_active_at', 'desc')
    .orderBy('members.id', 'desc')
    .limit(limit)
    .execute();
}
