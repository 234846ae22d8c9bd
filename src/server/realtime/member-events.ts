import { CompiledQuery, sql } from 'kysely';
import {
  type EventEnvelope,
  type ServerEvent,
  eventEnvelopeSchema,
  serverEventSchema,
} from '@contract/events';
import type { Db } from '@server/db/database';
import { isPostgres } from '@server/db/dialect-of';
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
  /**
   * Several events at once, for one or more members, in member order (so two transactions
   * that record for the same members lock their counters in the same order): one statement
   * on PostgreSQL. Answers them in member order, each member's in the order given.
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

/**
 * PostgreSQL: the counter and the event in ONE statement (a data-modifying CTE hands the next
 * number to the insert), one round trip instead of two for every event a message records.
 * SQLite has no data-modifying CTE: it runs two (recordAllSqlite).
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

/**
 * PostgreSQL: any number of events, for any members, in ONE statement: each member's counter
 * moves by their number of events (rows locked in member order), and their events take the
 * numbers in between, in the order given. `events` is in member order.
 */
async function recordAllPostgres(
  db: Db,
  events: readonly { memberId: number; json: string }[],
  createdAt: string,
): Promise<number[]> {
  const input = sql.join(
    events.map(
      ({ memberId, json }, position) =>
        sql`(${memberId}::integer, ${position}::integer, ${json}::text)`,
    ),
  );
  const { rows } = await sql<{ member_id: number; seq: number }>`
    with input (member_id, position, event_json) as (values ${input}),
    counted as (select member_id, count(*)::integer as n from input group by member_id),
    next as (
      insert into member_event_counters (member_id, last_seq)
      select member_id, n from counted order by member_id
      on conflict (member_id) do update
        set last_seq = member_event_counters.last_seq + excluded.last_seq
      returning member_id, last_seq
    )
    insert into member_events (member_id, seq, event_json, created_at)
    select input.member_id,
      next.last_seq - counted.n
        + row_number() over (partition by input.member_id order by input.position),
      input.event_json, ${createdAt}
    from input join next using (member_id) join counted using (member_id)
    returning member_id, seq`.execute(db);
  // Each member's numbers, lowest first, go to their events in the order given.
  const seqsOf = new Map<number, number[]>();
  for (const row of rows) {
    const seqs = seqsOf.get(Number(row.member_id)) ?? [];
    seqs.push(Number(row.seq));
    seqsOf.set(Number(row.member_id), seqs);
  }
  for (const seqs of seqsOf.values()) seqs.sort((a, b) => a - b);
  return events.map(({ memberId }) => seqsOf.get(memberId)!.shift()!);
}

/** SQLite's two statements for `rows` counters and `events` events, by shape (compiled once). */
const sqliteRecordAllText = new Map<string, { counters: string; events: string }>();

function sqliteRecordAllSql(counters: number, events: number) {
  const shape = `${counters}:${events}`;
  let text = sqliteRecordAllText.get(shape);
  if (!text) {
    const rows = (count: number, row: string) =>
      Array.from({ length: count }, () => row).join(', ');
    text = {
      counters:
        `insert into member_event_counters (member_id, last_seq) values ${rows(counters, '(?, ?)')} ` +
        'on conflict (member_id) do update ' +
        'set last_seq = member_event_counters.last_seq + excluded.last_seq ' +
        'returning member_id, last_seq',
      events:
        'insert into member_events (member_id, seq, event_json, created_at) ' +
        `values ${rows(events, '(?, ?, ?, ?)')}`,
    };
    sqliteRecordAllText.set(shape, text);
  }
  return text;
}

/**
 * SQLite: any number of events in TWO statements, whatever their number: each member's
 * counter moves by their number of events (one upsert, RETURNING the new last numbers), and
 * all events go in with one multi-row insert. `events` is in member order. The texts are
 * fixed per shape, so the statement cache prepares each once and nothing is built per call.
 */
async function recordAllSqlite(
  db: Db,
  events: readonly { memberId: number; json: string }[],
  createdAt: string,
): Promise<number[]> {
  const counts = new Map<number, number>();
  for (const { memberId } of events) counts.set(memberId, (counts.get(memberId) ?? 0) + 1);
  const text = sqliteRecordAllSql(counts.size, events.length);
  const { rows } = await db.executeQuery<{ member_id: number; last_seq: number }>(
    CompiledQuery.raw(text.counters, [...counts].flat()),
  );
  // Each member's events take the numbers after the previous last one, in the order given.
  const next = new Map(
    rows.map((row) => [row.member_id, row.last_seq - counts.get(row.member_id)!]),
  );
  const seqs = events.map(({ memberId }) => {
    const seq = next.get(memberId)! + 1;
    next.set(memberId, seq);
    return seq;
  });
  await db.executeQuery(
    CompiledQuery.raw(
      text.events,
      events.flatMap(({ memberId, json }, index) => [memberId, seqs[index], json, createdAt]),
    ),
  );
  return seqs;
}

export function memberEvents(db: Db, pubSub: PubSub): MemberEvents {
  const postgres = isPostgres(db);
  const publishOne = ({ memberId, envelope }: StoredEvent) =>
    pubSub.publish(memberChannel(memberId), JSON.stringify(envelope));

  const record: MemberEvents['record'] = async (executor, memberId, event) => {
    // The counter and the event commit together, or a socket resuming in between would see a
    // number the log does not hold yet and resync for nothing.
    if (!executor.isTransaction)
      return executor.transaction().execute((trx) => record(trx, memberId, event));
    const checked = serverEventSchema.parse(event);
    const createdAt = new Date().toISOString();
    const json = JSON.stringify(checked);
    let seq: number;
    if (postgres) {
      const [row] = await recordEventPostgresQuery(executor, memberId, json, createdAt);
      seq = row!.seq;
    } else {
      [seq] = (await recordAllSqlite(executor, [{ memberId, json }], createdAt)) as [number];
    }
    return { memberId, envelope: { seq, event: checked } };
  };

  const recordAll: MemberEvents['recordAll'] = async (executor, events) => {
    if (!executor.isTransaction)
      return executor.transaction().execute((trx) => recordAll(trx, events));
    if (events.length === 0) return [];
    const ordered = [...events].sort((a, b) => a.memberId - b.memberId);
    if (postgres && ordered.length < 2) {
      const stored: StoredEvent[] = [];
      for (const { memberId, event } of ordered)
        stored.push(await record(executor, memberId, event));
      return stored;
    }
    const checked = ordered.map(({ memberId, event }) => ({
      memberId,
      event: serverEventSchema.parse(event),
    }));
    const recordAllOf = postgres ? recordAllPostgres : recordAllSqlite;
    const seqs = await recordAllOf(
      executor,
      checked.map(({ memberId, event }) => ({ memberId, json: JSON.stringify(event) })),
      new Date().toISOString(),
    );
    return checked.map(({ memberId, event }, index) => ({
      memberId,
      envelope: { seq: seqs[index]!, event },
    }));
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
