import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { dropSampledStatistics, withStatementCache } from './sqlite-statement-cache';
import { AppSqliteDialect } from './sqlite-dialect';

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  schema?: string;
  sqlitePath: string;
}

export interface DatabaseHandle {
  db: Db;
  dialect: DbDialect;
}

export const STATEMENT_TIMEOUT_MS = 30_000;
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;

// COUNT(*) and BIGINT come back from pg as strings; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens PostgreSQL when a URL is given, otherwise the embedded SQLite file (DESIGN.md §3). */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const schema = options.schema ?? 'public';
    // Set as connection options, so they apply before the first query. No statement runs
    // longer than 30 s and no transaction idles more than 10 s holding its locks: a stuck
    // request fails instead of blocking members' rows (issue 24 item 1).
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: [
        `-c search_path=${schema}`,
        `-c statement_timeout=${STATEMENT_TIMEOUT_MS}`,
        `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_TIMEOUT_MS}`,
      ].join(' '),
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
    };
  }
  if (options.sqlitePath !== ':memory:')
    mkdirSync(dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  // A commit (a credit booking among them) is on the disk before its caller goes on
  // (docs/decisions.md, "SQLite durability").
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Lets the query planner pick indexes from statistics (SQLite's advice for long-lived connections).
  sqlite.pragma('optimize=0x10002');
  dropSampledStatistics(sqlite);
  return {
    db: new Kysely<Database>({
      dialect: new AppSqliteDialect({ database: withStatementCache(sqlite) }),
    }),
    dialect: 'sqlite',
  };
}

/** Creates the PostgreSQL schema if missing, so a fresh schema per test run or CI run works. */
export async function ensurePostgresSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await client.end();
  }
}

export async function dropPostgresSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
