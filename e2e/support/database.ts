import { type Db, openDatabase } from '../../src/server/db/database';

/** The e2e server's own database (SQLite file or PostgreSQL schema), for arranging state. */
export function openServerDatabase(location: { sqlitePath: string; schema: string }): Db {
  return openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    schema: location.schema,
    sqlitePath: location.sqlitePath,
  }).db;
}
