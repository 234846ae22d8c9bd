import { OTHER_SOURCES } from '@contract/visits';
import type { Db } from '@server/db/database';

/**
 * How many traffic sources one site keeps apart per day. A source is free text from the
 * landing URL: past this many, a day's further sources count together under `*`, so made-up
 * values cannot grow the table without bound (the per-address limit bounds one address only).
 */
export const SOURCES_PER_DAY = 200;

interface Visit {
  siteId: number;
  day: string;
  /** The `network` tracking value, '' for none. */
  source: string;
  lander: string;
}

/** Whether a source already has a row that day, or the day still has room for a new one. */
async function sourceFits(db: Db, visit: Visit): Promise<boolean> {
  const row = await db
    .selectFrom('visits')
    .select((eb) => [
      eb.fn.count<number>('source').distinct().as('sources'),
      eb.fn.countAll<number>().filterWhere('source', '=', visit.source).as('own'),
    ])
    .where('site_id', '=', visit.siteId)
    .where('day', '=', visit.day)
    .executeTakeFirstOrThrow();
  return Number(row.own) > 0 || Number(row.sources) < SOURCES_PER_DAY;
}

/**
 * Counts one visit; the only writer of `visits`. The count is one INSERT … ON CONFLICT DO
 * UPDATE SET count = count + 1: the database serializes it per row, so visits that arrive at
 * once are each counted, on SQLite and PostgreSQL alike. The cap on sources is checked before
 * (a soft cap: visits racing on a full day may add a few sources more).
 */
export async function countVisit(db: Db, visit: Visit): Promise<void> {
  const source = (await sourceFits(db, visit)) ? visit.source : OTHER_SOURCES;
  await db
    .insertInto('visits')
    .values({ site_id: visit.siteId, day: visit.day, source, lander: visit.lander, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['site_id', 'day', 'source', 'lander'])
        .doUpdateSet((update) => ({ count: update('visits.count', '+', 1) })),
    )
    .execute();
}
