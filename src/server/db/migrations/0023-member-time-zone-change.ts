import type { Kysely } from 'kysely';

/*
 * Issue 29 item 8: the swipe game's day followed the time zone sent at each login, so
 * alternating Pacific/Kiritimati and Etc/GMT+12 gave 12 swipe likes in one real day. A zone
 * the browser tells now waits for the end of the member's current day (in the zone in force)
 * before it applies: the zone in force changes at most once a day, at its own midnight.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite alters one column at a time.
  await db.schema.alterTable('members').addColumn('next_time_zone', 'text').execute();
  await db.schema.alterTable('members').addColumn('next_time_zone_from', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('next_time_zone_from').execute();
  await db.schema.alterTable('members').dropColumn('next_time_zone').execute();
}
