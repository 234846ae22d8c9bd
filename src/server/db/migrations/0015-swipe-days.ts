import type { Kysely } from 'kysely';
import { notNull } from './column-types';

// Issue 23 items 7 and 15: the swipe game's 4 likes a day (spec §9) count swipes made, not
// likes still standing, and the day is the member's own (docs/decisions.md, Discovery).
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per member and day they liked in the swipe game: `day` is the calendar date
  // (YYYY-MM-DD) in the member's time zone at the time of the swipes. An unlike leaves it.
  await db.schema
    .createTable('swipe_days')
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', notNull)
    .addColumn('likes_made', 'integer', notNull)
    .addPrimaryKeyConstraint('swipe_days_pk', ['member_id', 'day'])
    .execute();

  // The member's IANA time zone as their browser last told it at signup or login; null until
  // then, when the site's time zone (settings) stands in.
  await db.schema.alterTable('members').addColumn('time_zone', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('time_zone').execute();
  await db.schema.dropTable('swipe_days').execute();
}
