import { sql } from 'kysely';
import {
  type EventEnvelope,
  type ServerEvent,
  eventEnvelopeSchema,
  serverEventSchema,
} from '@contract/events';
import type { Db } from '@server/db/database';
import { preparedQuery } from '@server/db/prepared-query';
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

export interface StoredEvent {
  memberId: number;
  envelope: EventEnvelope;
}

/** The member's next sequence number, in one atomic statement (their counter row's lock). */
const nextSeq = (db: Pick<Db, 'insertInto'>, memberId: number) =>
  db
    .insertInto('member_event_counters')
    .values({ member_id: memberId, last_seq: 1 })
    .onConflict((conflict) =>
      conflict
        .column('member_id')
        .doUpdateSet({ last_seq: sql<number>`member_event_counters.last_seq + 1` }),
    )
    .returning('last_seq');

// Every event recorded runs these two, inside its cause's transaction: compiled once.
const nextSeqQuery = preparedQuery((db, memberId: number) => nextSeq(db, memberId));
const insertEventQuery = preparedQuery(
  (db, memberId: number, seq: number, eventJson: string, createdAt: string) =>
    db
      .insertInto('member_events')
      .values({ member_id: memberId, seq, event_json: eventJson, created_at: createdAt }),
);

/**
 * PostgreSQL: the counter and the event in ONE statement (a data-modifying CTE hands the next
 * number to the insert), one round trip instead of two for every event a message records.
 * SQLite runs in process and has no data-modifying CTE: it runs the two above.
 */
const recordEventPostgresQuery = preparedQuery(
  (db, memberId: number, eventJson: string, createdAt: string) =>
    db
      .with('next', (cte) => nextSeq(cte, memberId))
      .insertInto('member_events')
      .values((eb) => ({
        member_id: memberId,
        seq: eb.selectFrom('next').select('next.last_seq'),
        event_json: eventJson,
        created_at: createdAt,
      }))
      .returning('seq'),
);

export function memberEvents(
  db: Db,
  pubSub: PubSub,
  dialect: 'sqlite' | 'postgres' = 'sqlite',
): MemberEvents {
  const publishOne = ({ memberId, envelope }: StoredEvent) =>
    pubSub.publish(memberChannel(memberId), JSON.stringify(envelope));

  const record: MemberEvents['record'] = async (executor, memberId, event) => {
    // The counter and the event commit together, or a socket resuming in between would see a
    // number the log does not hold yet and resync for nothing.
    if (!executor.isTransaction)
      return executor.transaction().execute((trx) => record(trx, memberId, event));
    const checked = serverEventSchema.parse(event);
    const createdAt = new Date().toISOString();
    let seq: number;
    if (dialect === 'postgres') {
      const [row] = await recordEventPostgresQuery(
        executor,
        memberId,
        JSON.stringify(checked),
        createdAt,
      );
      seq = row!.seq;
    } else {
      // One atomic statement hands out the next number: two transactions recording for one
      // member serialize on the counter row.
      const [counter] = await nextSeqQuery(executor, memberId);
      seq = counter!.last_seq;
      await insertEventQuery(executor, memberId, seq, JSON.stringify(checked), createdAt);
    }
    return { memberId, envelope: { seq, event: checked } };
  };

  return {
    record,
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
