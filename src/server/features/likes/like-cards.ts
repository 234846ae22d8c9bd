import type { ProfileCard } from '@contract/members';
import type { Db } from '@server/db/database';
import { preparedQuery } from '@server/db/prepared-query';
import {
  PROFILE_CARD_COLUMNS,
  type Viewer,
  presentProfileCard,
  visibleMembers,
} from '@server/features/members';

/**
 * The columns of a profile card, with the main photo LEFT joined: unlike the strips of
 * members (which show only members with a photo), anyone who likes or is liked appears in
 * the likes lists, photo or not.
 */
export const LIKE_CARD_COLUMNS = PROFILE_CARD_COLUMNS;

export interface LikeCardRow {
  id: number;
  name: string;
  date_of_birth: string;
  country: string;
  region: string | null;
  is_fictional: number;
  last_active_at: string | null;
  storage_key: string | null;
  blurred_storage_key: string | null;
  status: string | null;
}

/** The public card of a member whose main photo may be missing (then main_image is null). */
export function presentLikeCard(row: LikeCardRow, cdnPrefix: string): ProfileCard {
  const { storage_key, blurred_storage_key, status } = row;
  if (storage_key !== null && blurred_storage_key !== null && status !== null)
    return presentProfileCard({ ...row, storage_key, blurred_storage_key, status }, cdnPrefix);
  // The members presenter wants a photo; the same card without one has no image.
  const noPhoto = { storage_key: '', blurred_storage_key: '', status: 'active' };
  return { ...presentProfileCard({ ...row, ...noPhoto }, cdnPrefix), main_image: null };
}

/** The members the viewer may see (visibleMembers) with their main photo LEFT joined. */
function selectLikeCards(db: Db, viewer: Viewer) {
  const cards = db
    .selectFrom('members')
    .leftJoin('photos', (join) =>
      join
        .onRef('photos.member_id', '=', 'members.id')
        .on('photos.status', '=', 'active')
        .on('photos.position', '=', 0),
    )
    .select(LIKE_CARD_COLUMNS);
  return visibleMembers(cards, viewer);
}

/**
 * The card of a member the viewer may see (spec §1, §6): this site, enabled, not invisible,
 * not blocked either way, not the viewer. Undefined otherwise: all of those look missing.
 */
// Asked by every like and every message sent: compiled once (docs/performance.md).
const visibleCardQuery = preparedQuery((db, siteId: number, viewerId: number, memberId: number) =>
  selectLikeCards(db, { siteId, memberId: viewerId })
    .where('members.id', '=', memberId)
    .where('members.id', '!=', viewerId),
);

export async function findVisibleCard(db: Db, siteId: number, viewerId: number, memberId: number) {
  const [card] = await visibleCardQuery(db, siteId, viewerId, memberId);
  return card;
}

/** A member's own card as others see it (for events), or undefined when hidden. */
export function findOwnCard(db: Db, siteId: number, memberId: number) {
  return selectLikeCards(db, { siteId, memberId: null })
    .where('members.id', '=', memberId)
    .executeTakeFirst();
}
