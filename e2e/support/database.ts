import { type Db, openDatabase } from '../../src/server/db/database';
import { updateMember } from '../../src/server/db/members-table';

/** The e2e server's own database (SQLite file or PostgreSQL schema), for arranging state. */
export function openServerDatabase(location: { sqlitePath: string; schema: string }): Db {
  return openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    schema: location.schema,
    sqlitePath: location.sqlitePath,
  }).db;
}

/** The id of the member with this e-mail address (test addresses are unique across sites). */
export async function memberIdByEmail(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Makes a visible fictional demo member with a photo the most recently active one, so the
 * lists ordered by activity (the home strip, the landers) lead with a fictional card. It is
 * moved to the demo site's first country, the one a visitor without a country cookie or header
 * gets: the lists show the visitor's own country first (issue 29 item 14).
 */
export async function leadWithFictionalMember(location: {
  sqlitePath: string;
  schema: string;
}): Promise<void> {
  const db = openServerDatabase(location);
  try {
    const site = await db
      .selectFrom('sites')
      .select('settings_json')
      .where('domain', '=', 'localhost')
      .executeTakeFirstOrThrow();
    const visitorsCountry =
      (JSON.parse(site.settings_json) as { countries?: string[] }).countries?.[0] ?? 'NL';
    const fictional = await db
      .selectFrom('members')
      .innerJoin('photos', 'photos.member_id', 'members.id')
      .select('members.id')
      .where('members.is_fictional', '=', 1)
      .where('members.profile_status', '=', 'enabled')
      .where('members.is_invisible', '=', 0)
      .where('photos.status', '=', 'active')
      .executeTakeFirstOrThrow();
    // A real region of that country, as every demo member has (issue 29 item 19).
    const neighbour = await db
      .selectFrom('members')
      .select('region')
      .where('country', '=', visitorsCountry)
      .where('region', 'is not', null)
      .executeTakeFirstOrThrow();
    await updateMember(db, fictional.id, {
      country: visitorsCountry,
      region: neighbour.region,
      last_active_at: new Date().toISOString(),
    });
  } finally {
    await db.destroy();
  }
}
