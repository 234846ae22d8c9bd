import { FICTIONAL_STATES, type FictionalState } from '@contract/fictional-profiles';
import type { Db } from '@server/db/database';
import { loadOwnProfile } from '../profile-queries';

/**
 * A fictional profile's state is its member status (issue 30 item 4): the visible-members
 * rule shows only `active` members, so paused and retired ones vanish from every list, the
 * auto-like rule and the members' search, with no second rule to keep in step.
 */
export function fictionalStateOf(status: string): FictionalState {
  return (FICTIONAL_STATES as readonly string[]).includes(status)
    ? (status as FictionalState)
    : 'paused';
}

/** The site's fictional profiles, newest first, with the main photo and the photo count. */
export async function listFictionalProfiles(db: Db, siteId: number) {
  return db
    .selectFrom('members')
    .leftJoin('photos as main', (join) =>
      join
        .onRef('main.member_id', '=', 'members.id')
        .on('main.status', '=', 'active')
        .on('main.position', '=', 0),
    )
    .select([
      'members.id',
      'members.name',
      'members.date_of_birth',
      'members.gender',
      'members.country',
      'members.language',
      'members.status',
      'members.auto_like',
      'main.storage_key as main_storage_key',
      'main.blurred_storage_key as main_blurred_storage_key',
    ])
    .select((eb) =>
      eb
        .selectFrom('photos')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('photos.member_id', '=', 'members.id')
        .where('photos.status', '!=', 'rejected')
        .as('photo_count'),
    )
    .where('members.site_id', '=', siteId)
    .where('members.is_fictional', '=', 1)
    .orderBy('members.id', 'desc')
    .execute();
}
export type FictionalListRow = Awaited<ReturnType<typeof listFictionalProfiles>>[number];

/** One fictional profile of the site with its photos and interests, or undefined. */
export async function loadFictionalProfile(db: Db, siteId: number, id: number) {
  const rows = await loadOwnProfile(db, siteId, id);
  return rows?.member.is_fictional ? rows : undefined;
}
