import { sql } from 'kysely';
import type { DiscoveryCard } from '@contract/discovery';
import type { Db } from '@server/db/database';
import { type ProfileCardRow, presentProfileCard, selectProfileCards } from './profile-card';

/**
 * The members a viewer may discover (search, match finder): visible members of the site with
 * a main photo (selectProfileCards), for a member without themselves and without anyone
 * blocked either way (spec §1), each with whether the viewer liked them: an EXISTS on the
 * likes primary key in the same statement, never a query per card. Visitors liked nobody.
 */
export function selectDiscoveryCards(db: Db, siteId: number, viewerId: number | null) {
  const liked =
    viewerId === null
      ? sql<number>`0`
      : sql<number>`case when exists (select 1 from likes where likes.liker_id = ${viewerId} and likes.liked_id = members.id) then 1 else 0 end`;
  const cards = selectProfileCards(db, { siteId, memberId: viewerId }).select([liked.as('liked')]);
  return viewerId === null ? cards : cards.where('members.id', '!=', viewerId);
}

export type DiscoveryCardQuery = ReturnType<typeof selectDiscoveryCards>;
export type DiscoveryCardRow = ProfileCardRow & { liked: number };

export function presentDiscoveryCard(row: DiscoveryCardRow, cdnPrefix: string): DiscoveryCard {
  return { ...presentProfileCard(row, cdnPrefix), liked: Number(row.liked) === 1 };
}
