import type { Kysely } from 'kysely';
import { notNull } from './column-types';

// Issue 25 item 4, spec §4 `lb` and §7 page-hidden.php: how often a page was left, per site,
// page and day. Counts only: no session, member, address or browser is stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_bounces')
    .addColumn('site_id', 'integer', (column) =>
      column.notNull().references('sites.id').onDelete('cascade'),
    )
    // The page's path without its query string, e.g. /landers/video.
    .addColumn('path', 'text', notNull)
    // The calendar date in UTC (YYYY-MM-DD).
    .addColumn('day', 'text', notNull)
    .addColumn('count', 'integer', notNull)
    .addPrimaryKeyConstraint('page_bounces_pk', ['site_id', 'path', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_bounces').execute();
}
