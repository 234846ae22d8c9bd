import { SqliteAdapter, sql } from 'kysely';
import type { Db } from './database';

/**
 * Fresh planner statistics after bulk writes (the demo seed), without SQLite's sampled values
 * (why: dropSampledStatistics in sqlite-statement-cache.ts).
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await sql`ANALYZE`.execute(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`DELETE FROM sqlite_stat4`.execute(db);
    await sql`ANALYZE sqlite_schema`.execute(db);
  }
}
