import { SWIPE_LIKES_PER_DAY } from '@contract/discovery';
import type { Db } from '@server/db/database';
import { lockMemberRow } from '@server/db/member-lock';
import { AppError } from '@server/errors/app-error';
import {
  type LikeContext,
  findLikeableMember,
  likeMember,
  recordNotices,
} from '@server/features/likes';
import { presentProfileCard } from '@server/features/members';
import type { MemberEvents } from '@server/realtime/member-events';
import { swipeDayOf } from './swipe-day';
import { findNextSwipeCard, recordSwipeMade, savePass, swipesMadeOn } from './swipe-queries';

/** Who plays, and the time zone whose midnight ends their day (swipeTimeZone). */
export interface SwipeContext extends LikeContext {
  timeZone: string;
}

/**
 * spec §2 swipe-game, §9 "4 likes per day": one card at a time and what is left of today's
 * likes. The day is the member's own (docs/decisions.md, Discovery): likes come back at their
 * midnight, and an unlike never gives one back.
 */
export async function swipeGameState(db: Db, context: SwipeContext, now: Date = new Date()) {
  const day = swipeDayOf(now, context.timeZone);
  const [row, made] = await Promise.all([
    findNextSwipeCard(db, context.siteId, context.viewer, now),
    swipesMadeOn(db, context.viewer.id, day.key),
  ]);
  return {
    profile: row ? { ...presentProfileCard(row, context.cdnPrefix), liked: false } : null,
    likes_left: Math.max(0, SWIPE_LIKES_PER_DAY - made),
    resets_at: day.endsAt.toISOString(),
  };
}

/**
 * A swipe like is a real like (likes.php shows it, a match is a match), at most
 * SWIPE_LIKES_PER_DAY a day: counted and recorded under the member's row lock, so parallel
 * requests cannot go past the limit. Returns the recorded events to publish once committed.
 */
export async function swipeLike(
  db: Db,
  events: Pick<MemberEvents, 'recordAll'>,
  context: SwipeContext,
  targetId: number,
  now: Date = new Date(),
) {
  const day = swipeDayOf(now, context.timeZone);
  return db.transaction().execute(async (trx) => {
    await lockMemberRow(trx, context.viewer.id);
    if ((await swipesMadeOn(trx, context.viewer.id, day.key)) >= SWIPE_LIKES_PER_DAY) {
      const minutes = Math.ceil((day.endsAt.getTime() - now.getTime()) / 60_000);
      throw new AppError('swipe_limit_reached', 'rate_limited', { minutes });
    }
    const outcome = await likeMember(trx, context, targetId, 'swipe', now);
    await recordSwipeMade(trx, context.viewer.id, day.key);
    // Recorded with the like, numbered in each member's event log (issue 9 §4).
    return { ...outcome, stored: await recordNotices(trx, events, outcome.notices) };
  });
}

/** A pass keeps the card away for a while; the same checks as a like (who may be seen). */
export async function swipePass(
  db: Db,
  context: LikeContext,
  targetId: number,
  now: Date = new Date(),
) {
  const target = await findLikeableMember(db, context, targetId);
  await savePass(db, context.viewer.id, target.id, now);
}
