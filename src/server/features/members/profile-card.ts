import type { SelectQueryBuilder } from 'kysely';
import { type ProfileCard, ageFromDateOfBirth } from '@contract/members';
import type { Db } from '@server/db/database';
import type { Database } from '@server/db/schema';
import { regionName } from '@server/features/geo';
import { presentMainImage } from '@server/features/photos';
import { type Viewer, visibleMembers } from './visible-members';

/** The columns a profile card is presented from: the member's and their main photo's. */
export const PROFILE_CARD_COLUMNS = [
  'members.id',
  'members.name',
  'members.date_of_birth',
  'members.country',
  'members.region',
  'members.is_fictional',
  'members.last_active_at',
  'photos.storage_key',
  'photos.blurred_storage_key',
  'photos.status',
] as const;

/**
 * The members the viewer may see (visibleMembers) joined to their active main photo: the
 * base of every query that lists profile cards (one query, no N+1).
 */
export function selectProfileCards(db: Db, viewer: Viewer) {
  const cards = db
    .selectFrom('members')
    .innerJoin('photos', (join) =>
      join
        .onRef('photos.member_id', '=', 'members.id')
        .on('photos.status', '=', 'active')
        .on('photos.position', '=', 0),
    )
    .select(PROFILE_CARD_COLUMNS);
  return visibleMembers(cards, viewer);
}

type ProfileCardQuery = ReturnType<typeof selectProfileCards>;

export type ProfileCardRow =
  ProfileCardQuery extends SelectQueryBuilder<Database, never, infer Row>
    ? Row
    : Awaited<ReturnType<ProfileCardQuery['executeTakeFirstOrThrow']>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The card's activity step from the recorded last activity (issue 32 item 5): a step, never
 * the time itself; nothing for a fictional profile (its activity is an operator's).
 */
export function activityOf(
  row: Pick<ProfileCardRow, 'last_active_at' | 'is_fictional'>,
  now: Date,
): ProfileCard['activity'] {
  if (row.is_fictional === 1 || !row.last_active_at) return null;
  const since = now.getTime() - Date.parse(row.last_active_at);
  if (since < DAY_MS) return 'recent';
  return since < 7 * DAY_MS ? 'week' : null;
}

/** A card carries nothing private: no e-mail, birth date, exact location or exact activity. */
export function presentProfileCard(
  row: ProfileCardRow,
  cdnPrefix: string,
  now = new Date(),
): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageFromDateOfBirth(row.date_of_birth),
    country: row.country,
    region: row.region,
    region_name: regionName(row.country, row.region),
    main_image: presentMainImage(cdnPrefix, row),
    fictional: row.is_fictional === 1,
    activity: activityOf(row, now),
  };
}
