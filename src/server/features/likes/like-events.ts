import type { ServerEvent } from '@contract/events';
import type { Db } from '@server/db/database';
import type { DomainEvents } from '@server/domain-events';
import type { MemberEvents, StoredEvent } from '@server/realtime/member-events';

declare module '@server/domain-events' {
  interface DomainEventMap {
    /** `likedId` was liked by `likerId` (committed; issue 31 item 2). */
    'like.created': { likerId: number; likedId: number };
    /** `memberId` and `partnerId` like each other now: one event per side told. */
    'match.created': { memberId: number; partnerId: number };
  }
}

/** One event for one member's tabs (spec §4: a new like reloads likes). */
export interface LikeNotice {
  memberId: number;
  event: ServerEvent;
}

/**
 * Records a like's notices in the members' event logs inside the like's own transaction
 * (issue 9 §4): each gets the member's next number, so a tab that was away replays it, and a
 * like that rolled back announces nothing.
 */
export async function recordNotices(
  trx: Db,
  events: Pick<MemberEvents, 'recordAll'>,
  notices: readonly LikeNotice[],
): Promise<StoredEvent[]> {
  // In member order (recordAll), so two likes that announce to the same two members lock
  // their counters in the same order: no deadlock on PostgreSQL.
  return notices.length === 0 ? [] : events.recordAll(trx, notices);
}

/**
 * Publishes recorded notices once their transaction committed. A failed publish (Redis away)
 * fails nothing: the like is stored, and the tabs get the event from the log when their
 * subscription is back or their socket resumes.
 */
export async function publishNotices(
  events: Pick<MemberEvents, 'publish'>,
  stored: readonly StoredEvent[],
  domainEvents?: DomainEvents,
): Promise<void> {
  await events.publish(stored).catch(() => undefined);
  // The same notices as domain events (issue 31 item 2): an invisible liker told no one, so
  // nothing is published for them either.
  for (const {
    memberId,
    envelope: { event },
  } of stored) {
    if (event.type === 'like.new')
      await domainEvents?.publish('like.created', { likerId: event.profile.id, likedId: memberId });
    if (event.type === 'match.new')
      await domainEvents?.publish('match.created', { memberId, partnerId: event.profile.id });
  }
}

/** A like and its notices in one transaction, published after it committed. */
export async function likeWithNotices<T extends { notices: LikeNotice[] }>(
  db: Db,
  events: Pick<MemberEvents, 'recordAll' | 'publish'>,
  like: (trx: Db) => Promise<T>,
  domainEvents?: DomainEvents,
): Promise<Omit<T, 'notices'>> {
  const { outcome, stored } = await db.transaction().execute(async (trx) => {
    const outcome = await like(trx);
    return { outcome, stored: await recordNotices(trx, events, outcome.notices) };
  });
  await publishNotices(events, stored, domainEvents);
  const { notices: _notices, ...answer } = outcome;
  return answer;
}
