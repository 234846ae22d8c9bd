import type { Kysely } from 'kysely';

/*
 * issue 24 §4: a search by country alone (no gender, no region) had no index that reads
 * members in activity order: `country=IT` over 1,000,000 members sorted every Italian member
 * (2 s of database time, which on SQLite blocks the process). This index leads with the
 * country, then (last_active_at, id), like the other search indexes of 0006.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('members_search_country')
    .on('members')
    .columns([
      'site_id',
      'country',
      'last_active_at',
      'id',
      'date_of_birth',
      'is_invisible',
      'profile_status',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_search_country').execute();
}
