import { LIKES_SUMMARY_SIZE, type LikesAnswer } from '@contract/discovery';
import type { Db } from '@server/db/database';
import { keptListRead } from '@server/db/kept-reads';
import { readLikeEntries } from './like-entries';
import type { LikeContext } from './like-service';
import { type CountedList, countedLikes } from './likes-queries';

interface KeptSummary {
  answer: LikesAnswer;
  /** The viewer and every member the answer shows or counted. */
  members: readonly number[];
}

/**
 * spec §7 GET /api/likes.php: the newest few of each list and their counts. Every open tab
 * reads it every 60 s and on every page of the members area (spec §4 badges), so it is kept
 * like a page of search results, in the cache of members' own lists (db/kept-reads.ts
 * keptListRead, 'member'). It names the viewer, whose likes and blocks it read, and every member
 * it shows or counted, so a like, a block, a member leaving or a new photo drops it at once;
 * a member who may join a list (back from invisible, say) is a `listed` write, which drops
 * every kept list and keeps none until it can have committed. The answer is exact.
 */
export async function readLikesSummary(db: Db, context: LikeContext): Promise<LikesAnswer> {
  const viewerId = context.viewer.id;
  const kept = await keptListRead(
    db,
    `likes:${context.siteId}:${viewerId}`,
    () => loadSummary(db, context),
    (summary) => summary.members,
    'member',
  );
  return kept.answer;
}

async function loadSummary(db: Db, context: LikeContext): Promise<KeptSummary> {
  const [profiles, likedBy, matches, counted] = await Promise.all([
    readLikeEntries(db, context, 'liked', LIKES_SUMMARY_SIZE),
    readLikeEntries(db, context, 'liked-by', LIKES_SUMMARY_SIZE),
    readLikeEntries(db, context, 'matches', LIKES_SUMMARY_SIZE),
    countedLikes(db, context.siteId, context.viewer.id),
  ]);
  const counts: Record<CountedList, number> = { liked: 0, liked_by: 0, matches: 0, new_likes: 0 };
  const members = new Set([context.viewer.id]);
  for (const { list, id } of counted) {
    counts[list] += 1;
    members.add(id);
  }
  for (const { entry } of [...profiles, ...likedBy, ...matches]) members.add(entry.id);
  const withoutNew = ({ entry: { like_new: _new, ...card } }: (typeof profiles)[number]) => card;
  return {
    answer: {
      profiles: profiles.map(withoutNew),
      liked_by: likedBy.map(({ entry }) => entry),
      matches: matches.map(withoutNew),
      new_likes: counts.new_likes,
      counts: { liked: counts.liked, liked_by: counts.liked_by, matches: counts.matches },
    },
    members: [...members],
  };
}
