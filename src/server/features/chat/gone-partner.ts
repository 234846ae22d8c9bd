import type { Db } from '@server/db/database';
import { GONE_STATUSES, visibleOrGonePartners } from '@server/features/members';

/**
 * Whether `partnerId` is a member of the viewer's site who is gone (deleted or erased) and
 * not blocked either way: then the viewer's own conversation with them stays readable, the
 * partner shown as "a deleted member" (issue 31 item 7). Asked only after the visible card
 * was not found, and only for a conversation the viewer is in, so nobody else learns that an
 * account was deleted.
 */
export async function findGonePartner(
  db: Db,
  viewer: { siteId: number; memberId: number },
  partnerId: number,
): Promise<boolean> {
  const row = await visibleOrGonePartners(
    db.selectFrom('members').select('members.id').where('members.id', '=', partnerId),
    viewer,
  )
    .where('members.status', 'in', [...GONE_STATUSES])
    .executeTakeFirst();
  return row !== undefined;
}
