import { LIKES_SUMMARY_SIZE, type LikesAnswer } from '@contract/discovery';
import type { Db } from '@server/db/database';
import { readLikeEntries } from './like-entries';
import type { LikeContext } from './like-service';
import { countLikes } from './likes-queries';

/**
 * spec §7 GET /api/likes.php: the newest few of each list and their counts (spec §4 badges),
 * read together.
 */
export async function readLikesSummary(db: Db, context: LikeContext): Promise<LikesAnswer> {
  const [profiles, likedBy, matches, counts] = await Promise.all([
    readLikeEntries(db, context, 'liked', LIKES_SUMMARY_SIZE),
    readLikeEntries(db, context, 'liked-by', LIKES_SUMMARY_SIZE),
    readLikeEntries(db, context, 'matches', LIKES_SUMMARY_SIZE),
    countLikes(db, context.siteId, context.viewer.id),
  ]);
  const withoutNew = ({ entry: { like_new: _new, ...card } }: (typeof profiles)[number]) => card;
  return {
    profiles: profiles.map(withoutNew),
    liked_by: likedBy.map(({ entry }) => entry),
    matches: matches.map(withoutNew),
    new_likes: counts.new_likes,
    counts: { liked: counts.liked, liked_by: counts.liked_by, matches: counts.matches },
  };
}
