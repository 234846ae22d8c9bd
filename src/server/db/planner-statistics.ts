import type { Database as BetterSqliteDatabase } from 'better-sqlite3';
import { SqliteAdapter, sql } from 'kysely';
import type { Db } from './database';

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

/** Fresh planner statistics after bulk writes (the demo seed). */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await sql`ANALYZE`.execute(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`DELETE FROM sqlite_stat4`.execute(db);
    await sql`ANALYZE sqlite_schema`.execute(db);
  }
}
