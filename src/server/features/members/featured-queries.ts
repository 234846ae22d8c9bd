import type { Db } from '@server/db/database';
import { selectProfileCards } from './profile-card';

/** The landing page's strip: recently active visible members with a photo. */
export async function listFeaturedMembers(db: Db, siteId: number, limit: number) {
  return selectProfileCards(db, siteId)
    .orderBy('members.last_active_at', 'desc')
    .orderBy('members.id', 'desc')
    .limit(limit)
    .execute();
}
