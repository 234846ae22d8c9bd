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
