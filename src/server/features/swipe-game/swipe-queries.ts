import { sql } from 'kysely';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { selectProfileCards } from '@server/features/members';

/** A pass keeps a card out of the game this long (issue 8: "for a while"). */
export const PASS_DAYS = 7;

/**
 * The next card of the swipe game (spec §2): a visible member of the site with a photo, of
 * the gender the viewer seeks ('both' or none: any), not the viewer, not blocked either way,
 * not liked yet and not passed in the last PASS_DAYS; most recently active first.
 */
export function findNextSwipeCard(db: Db, siteId: number, viewer: Member, now: Date) {
  const passedSince = new Date(now.getTime() - PASS_DAYS * 24 * 60 * 60_000).toISOString();
  let query = selectProfileCards(db, { siteId, memberId: viewer.id })
    .where('members.id', '!=', viewer.id)
    .where(
      sql<boolean>`not exists (select 1 from likes mine where mine.liker_id = ${viewer.id} and mine.liked_id = members.id)`,
    )
    .where(
      sql<boolean>`not exists (select 1 from swipe_passes passed where passed.member_id = ${viewer.id} and passed.passed_id = members.id and passed.created_at > ${passedSince})`,
    );
  if (viewer.seeking === 'male' || viewer.seeking === 'female')
    query = query.where('members.gender', '=', viewer.seeking);
  return query
    .orderBy('members.last_active_at', 'desc')
    .orderBy('members.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * How many swipe likes the member made on a day of theirs (spec §9): swipes made, so an
 * unlike does not give one back (issue 23 item 7).
 */
export async function swipesMadeOn(db: Db, memberId: number, day: string) {
  const row = await db
    .selectFrom('swipe_days')
    .select('likes_made')
    .where('member_id', '=', memberId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.likes_made ?? 0;
}

/**
 * Counts one more swipe like on the member's day. Rows of days before it are of no more use
 * and go, so a member keeps one or two rows at most.
 */
export async function recordSwipeMade(db: Db, memberId: number, day: string) {
  await db
    .insertInto('swipe_days')
    .values({ member_id: memberId, day, likes_made: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['member_id', 'day'])
        .doUpdateSet((eb) => ({ likes_made: eb('swipe_days.likes_made', '+', 1) })),
    )
    .execute();
  await db
    .deleteFrom('swipe_days')
    .where('member_id', '=', memberId)
    .where('day', '<', day)
    .execute();
}

/** Remembers a pass (again: the week starts over). */
export async function savePass(db: Db, memberId: number, passedId: number, now: Date) {
  await db
    .insertInto('swipe_passes')
    .values({ member_id: memberId, passed_id: passedId, created_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.columns(['member_id', 'passed_id']).doUpdateSet({ created_at: now.toISOString() }),
    )
    .execute();
}
