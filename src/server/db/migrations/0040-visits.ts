import type { Kysely } from 'kysely';
import { notNull } from './column-types';

/*
 * Issue 30 item 9: "visits and signups by traffic source and lander". A visit is the start of
 * a visitor's session in a tab (the web app asks once, server checks in features/visits), kept
 * as a daily counter per site, traffic source and lander: counts only, no session, member,
 * address or browser is stored (as page_bounces, migration 0018). A member row keeps the
 * lander its signup's visit began on, so signups can be set against visits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visits')
    .addColumn('site_id', 'integer', (column) =>
      column.notNull().references('sites.id').onDelete('cascade'),
    )
    // The calendar date in UTC (YYYY-MM-DD).
    .addColumn('day', 'text', notNull)
    // The `network` tracking value (spec §3); '' for none, '*' for the day's sources over the cap.
    .addColumn('source', 'text', notNull)
    // The entry page: a route name of the route table, a lander as `landers-<name>`.
    .addColumn('lander', 'text', notNull)
    .addColumn('count', 'integer', notNull)
    // The key the upsert counts on; its prefix (site_id, day) serves the figures' periods.
    .addPrimaryKeyConstraint('visits_pk', ['site_id', 'day', 'source', 'lander'])
    .execute();
  await db.schema.alterTable('members').addColumn('lander', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('lander').execute();
  await db.schema.dropTable('visits').execute();
}
