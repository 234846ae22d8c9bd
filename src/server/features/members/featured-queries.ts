import type { Db } from '@server/db/database';
import { perPageSize, preparedQuery } from '@server/db/prepared-query';
import { selectProfileCards } from './profile-card';

const newestFirst = <Query extends ReturnType<typeof selectProfileCards>>(query: Query) =>
  query.orderBy('members.last_active_at', 'desc').orderBy('members.id', 'desc');
const visitorStripQuery = perPageSize((limit) =>
  preparedQuery((db, siteId: number) =>
    newestFirst(selectProfileCards(db, { siteId, memberId: null })).limit(limit),
  ),
);
const memberStripQuery = perPageSize((limit) =>
  preparedQuery((db, siteId: number, viewerId: number) =>
    newestFirst(selectProfileCards(db, { siteId, memberId: viewerId }))
      .where('members.id', '!=', viewerId)
      .limit(limit),
  ),
);

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
  return viewerId === undefined
    ? visitorStripQuery(limit)(db, siteId)
    : memberStripQuery(limit)(db, siteId, viewerId);
}
