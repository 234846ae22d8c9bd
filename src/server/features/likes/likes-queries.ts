import { sql } from 'kysely';
import { LIKES_COUNT_CAP, type LikesType } from '@contract/discovery';
import type { Db } from '@server/db/database';
import { preparedQuery } from '@server/db/prepared-query';
import type { LikeSource } from '@server/db/schema';
import { visibleMembers } from '@server/features/members';
import { LIKE_CARD_COLUMNS } from './like-cards';
import type { LikesCursor } from './likes-cursor';

/** Stores a like once: a second like of the same member is a no-op. True when it was new. */
export async function insertLike(
  db: Db,
  like: { likerId: number; likedId: number; source: LikeSource; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('likes')
    .values({
      liker_id: like.likerId,
      liked_id: like.likedId,
      source: like.source,
      created_at: like.now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['liker_id', 'liked_id']).doNothing())
    .returning('liker_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteLike(db: Db, likerId: number, likedId: number): Promise<void> {
  await db
    .deleteFrom('likes')
    .where('liker_id', '=', likerId)
    .where('liked_id', '=', likedId)
    .execute();
}

// Asked by every member page a member opens: compiled once (docs/performance.md).
const likesBetweenQuery = preparedQuery((db, viewerId: number, targetId: number) =>
  db
    .selectFrom('likes')
    .select('liker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('liker_id', '=', viewerId), eb('liked_id', '=', targetId)]),
        eb.and([eb('liker_id', '=', targetId), eb('liked_id', '=', viewerId)]),
      ]),
    ),
);

/** Whether the viewer likes the target and the target the viewer (two primary-key probes). */
export async function likeStateBetween(
  db: Db,
  viewerId: number,
  targetId: number,
): Promise<{ liked: boolean; likedMe: boolean }> {
  const rows = await likesBetweenQuery(db, viewerId, targetId);
  return {
    liked: rows.some((row) => row.liker_id === viewerId),
    likedMe: rows.some((row) => row.liker_id === targetId && targetId !== viewerId),
  };
}

/** spec §4: opening a liked-by profile clears its new-like flag. */
export async function markLikeSeen(db: Db, likerId: number, likedId: number): Promise<void> {
  await db
    .updateTable('likes')
    .set({ is_new: 0 })
    .where('liker_id', '=', likerId)
    .where('liked_id', '=', likedId)
    .where('is_new', '=', 1)
    .execute();
}

/**
 * The likes of one list that the viewer may see, joined to the other member: `liked` and
 * `matches` walk the viewer's likes (index likes_liker_time), `liked-by` the likes of the
 * viewer (likes_liked_time). Matches are ordered by the viewer's own like, so they page along
 * the same index without a sort. Hidden, invisible, blocked and other sites' members are
 * left out (spec §1, §6).
 */
function visibleLikes(db: Db, siteId: number, viewerId: number, type: LikesType) {
  const own = type === 'liked-by' ? 'likes.liked_id' : 'likes.liker_id';
  const other: 'likes.liker_id' | 'likes.liked_id' =
    type === 'liked-by' ? 'likes.liker_id' : 'likes.liked_id';
  const query = db
    .selectFrom('likes')
    // Matches: the viewer's likes with a like back, joined by the back like's primary key
    // first, so the members and blocks behind likes without one are never read.
    .$if(type === 'matches', (likes) =>
      likes.innerJoin('likes as back', (join) =>
        join.onRef('back.liker_id', '=', 'likes.liked_id').on('back.liked_id', '=', viewerId),
      ),
    )
    .innerJoin('members', 'members.id', other)
    .where(own, '=', viewerId);
  return { query: visibleMembers(query, { siteId, memberId: viewerId }), other };
}

/** One keyset page of a likes list, newest first by (created_at, other member's id). */
export function listLikes(
  db: Db,
  list: { siteId: number; viewerId: number; type: LikesType; after?: LikesCursor; limit: number },
) {
  const { query, other } = visibleLikes(db, list.siteId, list.viewerId, list.type);
  let page = query
    .leftJoin('photos', (join) =>
      join
        .onRef('photos.member_id', '=', 'members.id')
        .on('photos.status', '=', 'active')
        .on('photos.position', '=', 0),
    )
    .select(LIKE_CARD_COLUMNS)
    .select(['likes.created_at', 'likes.is_new'])
    // Whether the viewer liked them: always for "liked" and matches; looked up for liked-by.
    .select(
      list.type === 'liked-by'
        ? sql<number>`case when exists (select 1 from likes mine where mine.liker_id = ${list.viewerId} and mine.liked_id = members.id) then 1 else 0 end`.as(
            'liked',
          )
        : sql<number>`1`.as('liked'),
    );
  if (list.after)
    page = page.where(
      sql<boolean>`(likes.created_at, ${sql.ref(other)}) < (${list.after.createdAt}, ${list.after.id})`,
    );
  return page
    .orderBy('likes.created_at', 'desc')
    .orderBy(other, 'desc')
    .limit(list.limit)
    .execute();
}

/**
 * The likes of one list that the viewer may see, for counting: the other member's visibility
 * is an EXISTS, so the count walks the viewer's likes by index and never scans the site's
 * members (a join lets the planner start from members).
 */
function countableLikes(db: Db, siteId: number, viewerId: number, type: LikesType) {
  const own = type === 'liked-by' ? 'likes.liked_id' : 'likes.liker_id';
  const other = type === 'liked-by' ? 'likes.liker_id' : 'likes.liked_id';
  return db
    .selectFrom('likes')
    .$if(type === 'matches', (likes) =>
      likes.innerJoin('likes as back', (join) =>
        join.onRef('back.liker_id', '=', 'likes.liked_id').on('back.liked_id', '=', viewerId),
      ),
    )
    .where(own, '=', viewerId)
    .where((eb) =>
      eb.exists(
        visibleMembers(
          eb
            .selectFrom('members')
            .select(sql<number>`1`.as('visible'))
            .whereRef('members.id', '=', other),
          { siteId, memberId: viewerId },
        ),
      ),
    );
}

/** What likes.php counts: the three lists and the new liked-by entries (spec §3). */
export type CountedList = 'liked' | 'liked_by' | 'matches' | 'new_likes';

/**
 * The size of each list and the number of new liked-by entries, in one statement, each
 * counted up to LIKES_COUNT_CAP (spec §4 badges; a count of the cap reads "99+"). Each count
 * is over a LIMITed subquery, so a member with thousands of likes costs what one with a
 * hundred does. The new ones walk likes_liked_new, which holds only new likes: the literal
 * `is_new = 1` lets both databases see that it applies.
 */
export async function countLikes(
  db: Db,
  siteId: number,
  viewerId: number,
): Promise<Record<CountedList, number>> {
  const counted = (list: CountedList, type: LikesType, onlyNew = false) =>
    // Wrapped: a compound SELECT takes no LIMIT on its parts in SQLite.
    db
      .selectFrom(
        countableLikes(db, siteId, viewerId, type)
          .$if(onlyNew, (likes) => likes.where(sql<boolean>`likes.is_new = 1`))
          .select(sql<number>`1`.as('one'))
          .limit(LIKES_COUNT_CAP)
          .as(list.replace('_', '')),
      )
      .select((eb) => [
        sql<CountedList>`${sql.lit(list)}`.as('list'),
        eb.fn.countAll<number>().as('count'),
      ]);
  const rows = await counted('liked', 'liked')
    .unionAll(counted('liked_by', 'liked-by'))
    .unionAll(counted('matches', 'matches'))
    .unionAll(counted('new_likes', 'liked-by', true))
    .execute();
  const counts: Record<CountedList, number> = { liked: 0, liked_by: 0, matches: 0, new_likes: 0 };
  for (const row of rows) counts[row.list] = Number(row.count);
  return counts;
}
