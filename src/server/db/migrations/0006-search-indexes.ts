import type { Kysely } from 'kysely';

/*
 * issue 8: indexes for member search (docs/discovery-performance.md shows the plans).
 * A search page is the most recently active members matching equality filters (site,
 * country, gender or region), read newest first after a keyset position: each index
 * leads with the equality columns, then (last_active_at, id) so the rows come in the
 * order asked for and LIMIT stops the walk (no sort, no full scan). The columns every
 * list checks on each row (date_of_birth for ages, is_invisible, profile_status) trail,
 * so rows that fail are skipped in the index and the capped count reads no table row.
 * The foundation's (site, country, gender, id) index is replaced by the first one, which
 * has its prefix; photos get the main-photo check (member, position, status) covered.
 */
const VISIBILITY = ['is_invisible', 'profile_status'];
const SEARCH_INDEXES: Record<string, string[]> = {
  // gender + country (+ ages): the common search.
  members_search_country_gender: [
    'site_id',
    'country',
    'gender',
    'last_active_at',
    'id',
    'date_of_birth',
    ...VISIBILITY,
  ],
  // country + region (gender, if asked, is checked on the row).
  members_search_region: ['site_id', 'country', 'region', 'last_active_at', 'id'],
  // gender (+ ages) in every country: also the match finder's pool and relaxed similar results.
  members_search_gender: [
    'site_id',
    'gender',
    'last_active_at',
    'id',
    'date_of_birth',
    ...VISIBILITY,
  ],
  // No filter, or ages only; the featured strip and signup matches walk it too.
  members_recent: ['site_id', 'last_active_at', 'id', 'date_of_birth', ...VISIBILITY],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_search').execute();
  for (const [name, columns] of Object.entries(SEARCH_INDEXES))
    await db.schema.createIndex(name).on('members').columns(columns).execute();
  await db.schema.dropIndex('photos_member_position').execute();
  await db.schema
    .createIndex('photos_member_main')
    .on('photos')
    .columns(['member_id', 'position', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('photos_member_main').execute();
  await db.schema
    .createIndex('photos_member_position')
    .on('photos')
    .columns(['member_id', 'position'])
    .execute();
  for (const name of Object.keys(SEARCH_INDEXES)) await db.schema.dropIndex(name).execute();
  await db.schema
    .createIndex('members_search')
    .on('members')
    .columns(['site_id', 'country', 'gender', 'id'])
    .execute();
}
