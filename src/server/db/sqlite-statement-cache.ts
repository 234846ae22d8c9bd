import type { Database as BetterSqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Enough for every distinct query the app sends; IN lists of varying length make more. */
const DEFAULT_CAPACITY = 1000;

/**
 * better-sqlite3 as Kysely's SQLite database, reusing one prepared statement per SQL text.
 * Kysely prepares every query anew, and preparing (parsing and planning) cost more than
 * running the app's small indexed queries (docs/performance.md). Kysely runs one query at a
 * time on its single SQLite connection; a statement still busy streaming is not handed out.
 */
export function withStatementCache(
  database: BetterSqliteDatabase,
  capacity = DEFAULT_CAPACITY,
): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(sql);
      if (!cached) {
        // Oldest first out: a Map iterates in insertion order.
        if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Keeps SQLite's per-index statistics (sqlite_stat1) and drops its sampled values
 * (sqlite_stat4). better-sqlite3 is built with STAT4, and with those samples SQLite
 * re-prepares any statement whose plan might depend on a bound value (`site_id = ?`,
 * `member_id = ?`) at every run: 40 µs instead of 11 µs for the session lookup, undoing the
 * statement cache (docs/performance.md). The app's indexes need no per-value plans.
 */
export function dropSampledStatistics(sqlite: BetterSqliteDatabase): void {
  const stat4 = sqlite
    .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_stat4'")
    .get();
  if (!stat4) return;
  sqlite.exec('DELETE FROM sqlite_stat4');
  // Makes the planner reload its statistics (https://sqlite.org/lang_analyze.html).
  sqlite.exec('ANALYZE sqlite_schema');
}
