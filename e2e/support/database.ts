import { type Db, openDatabase } from '../../src/server/db/database';

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
