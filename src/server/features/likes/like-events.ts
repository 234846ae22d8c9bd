import type { ServerEvent } from '@contract/events';
import type { Db } from '@server/db/database';
import type { MemberEvents, StoredEvent } from '@server/realtime/member-events';

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
): Promise<void> {
  await events.publish(stored).catch(() => undefined);
}

/** A like and its notices in one transaction, published after it committed. */
export async function likeWithNotices<T extends { notices: LikeNotice[] }>(
  db: Db,
  events: Pick<MemberEvents, 'recordAll' | 'publish'>,
  like: (trx: Db) => Promise<T>,
): Promise<Omit<T, 'notices'>> {
  const { outcome, stored } = await db.transaction().execute(async (trx) => {
    const outcome = await like(trx);
    return { outcome, stored: await recordNotices(trx, events, outcome.notices) };
  });
  await publishNotices(events, stored);
  const { notices: _notices, ...answer } = outcome;
  return answer;
}
