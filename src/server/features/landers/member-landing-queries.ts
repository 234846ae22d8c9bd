import type { Db } from '@server/db/database';
import { type Viewer, visibleMembers } from '@server/features/members';

/**
 * The member an ad is for, when the viewer may see them (the one visibleMembers rule: this
 * site, activated, not invisible, not blocked either way), or undefined.
 */
export async function findLandingMember(db: Db, viewer: Viewer, memberId: number) {
  const member = await visibleMembers(
    db
      .selectFrom('members')
      .select([
        'members.id',
        'members.name',
        'members.date_of_birth',
        'members.country',
        'members.region',
        'members.about',
        'members.is_fictional',
        'members.last_active_at',
      ])
      .where('members.id', '=', memberId),
    viewer,
  ).executeTakeFirst();
  if (!member) return undefined;
  // Active photos only: what anyone but the member sees (at most 25, spec §9).
  const photos = await db
    .selectFrom('photos')
    .select(['storage_key', 'blurred_storage_key', 'status'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return { member, photos };
}

export type LandingMember = NonNullable<Awaited<ReturnType<typeof findLandingMember>>>;
