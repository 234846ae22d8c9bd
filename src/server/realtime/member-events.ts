import { sql } from 'kysely';
import {
  type EventEnvelope,
  type ServerEvent,
  eventEnvelopeSchema,
  serverEventSchema,
} from '@contract/events';
import type { Db } from '@server/db/database';
import type { PubSub } from './pub-sub';

/** The pub/sub channel of one member's events; every instance holding their socket listens. */
export const memberChannel = (memberId: number) => `member:${memberId}`;

/**
 * Every event a member receives (issue 9 §4), in two steps so none is lost:
 * `record` stores it with the member's next sequence number inside the caller's transaction
 * (the one that stores the message or the like), `publish` fans the stored envelopes out
 * after that transaction committed. A socket that missed a publish (it was reconnecting,
 * Redis dropped) replays the stored events after the last sequence number it saw.
 */
export interface MemberEvents {
  record(db: Db, memberId: number, event: ServerEvent): Promise<StoredEvent>;
  /**
   * Several events at once, for one or more members, in member order (so two transactions
   * that record for the same members lock their counters in the same order). Answers them in member order, each member's in the order given.
   */
  recordAll(db: Db, events: readonly MemberEvent[]): Promise<StoredEvent[]>;
  publish(events: readonly StoredEvent[]): Promise<void>;
  /** record + publish, for an event that is not part of a larger transaction. */
  send(memberId: number, event: ServerEvent): Promise<void>;
  /** An event that is never stored nor replayed (typing): seq is null. */
  sendEphemeral(memberId: number, event: ServerEvent): Promise<void>;
  /** The stored events after `afterSeq`, oldest first, at most `limit`. */
  since(memberId: number, afterSeq: number, limit: number): Promise<EventEnvelope[]>;
  /** The member's latest sequence number (0 before the first event). */
  lastSeq(memberId: number): Promise<number>;
}

export interface MemberEvent {
  memberId: number;
  event: ServerEvent;
}

export interface StoredEvent {
  memberId: number;
  envelope: EventEnvelope;
}

/**
 * Stores events, for one or more members, inside the caller's transaction: each member's
 * counter moves by their number of events (one upsert answering the new last numbers), and
 * their events take the numbers in between, in the order given (one multi-row insert). The
 * same two statements on both databases (issue 24 §2). `events` is in member order, so two
 * transactions that record for the same members take their counter rows' locks in the same
 * order (PostgreSQL upserts the rows in the order of the VALUES list): no deadlock.
 */
async function storeInLog(
  db: Db,
  events: readonly { memberId: number; json: string }[],
  createdAt: string,
): Promise<number[]> {
  const counts = new Map<number, number>();
  for (const { memberId } of events) counts.set(memberId, (counts.get(memberId) ?? 0) + 1);
  const counters = await db
    .insertInto('member_event_counters')
    .values([...counts].map(([member_id, count]) => ({ member_id, last_seq: count })))
    .onConflict((conflict) =>
      conflict.column('member_id').doUpdateSet({
        last_seq: sql<number>`member_event_counters.last_seq + excluded.last_seq`,
      }),
    )
    .returning(['member_id', 'last_seq'])
    .execute();
  // Each member's events take the numbers after their previous last one, in the order given.
  const next = new Map(
    counters.map((row) => [row.member_id, row.last_seq - counts.get(row.member_id)!]),
  );
  const seqs = events.map(({ memberId }) => {
    const seq = next.get(memberId)! + 1;
    next.set(memberId, seq);
    return seq;
  });
  await db
    .insertInto('member_events')
    .values(
      events.map(({ memberId, json }, index) => ({
        member_id: memberId,
        seq: seqs[index]!,
        event_json: json,
        created_at: createdAt,
      })),
    )
    .execute();
  return seqs;
}

export function memberEvents(db: Db, pubSub: PubSub): MemberEvents {
  const publishOne = ({ memberId, envelope }: StoredEvent) =>
    pubSub.publish(memberChannel(memberId), JSON.stringify(envelope));

  const recordAll: MemberEvents['recordAll'] = async (executor, events) => {
    // The counter and the event commit together, or a socket resuming in between would see a
    // number the log does not hold yet and resync for nothing.
    if (!executor.isTransaction)
      return executor.transaction().execute((trx) => recordAll(trx, events));
    if (events.length === 0) return [];
    const checked = [...events]
      .sort((a, b) => a.memberId - b.memberId)
      .map(({ memberId, event }) => ({ memberId, event: serverEventSchema.parse(event) }));
    const seqs = await storeInLog(
      executor,
      checked.map(({ memberId, event }) => ({ memberId, json: JSON.stringify(event) })),
      new Date().toISOString(),
    );
    return checked.map(({ memberId, event }, index) => ({
      memberId,
      envelope: { seq: seqs[index]!, event },
    }));
  };
  const record: MemberEvents['record'] = async (executor, memberId, event) => {
    const [stored] = await recordAll(executor, [{ memberId, event }]);
    return stored!;
  };

  return {
    record,
    recordAll,
    async publish(events) {
      await Promise.all(events.map(publishOne));
    },
    async send(memberId, event) {
      await publishOne(await record(db, memberId, event));
    },
    async sendEphemeral(memberId, event) {
      const envelope = eventEnvelopeSchema.parse({ seq: null, event });
      await pubSub.publish(memberChannel(memberId), JSON.stringify(envelope));
    },
    async since(memberId, afterSeq, limit) {
      const rows = await db
        .selectFrom('member_events')
        .select(['seq', 'event_json'])
        .where('member_id', '=', memberId)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        seq: row.seq,
        event: serverEventSchema.parse(JSON.parse(row.event_json)),
      }));
    },
    async lastSeq(memberId) {
      const row = await db
        .selectFrom('member_event_counters')
        .select('last_seq')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row?.last_seq ?? 0;
    },
  };
}
