import type { Database as BetterSqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Enough for every distinct query the app sends; IN lists of varying length make more. */
const DEFAULT_CAPACITY = 1000;

interface CachedStatement extends SqliteStatement {
  readonly busy: boolean;
}

/**
 * A reading statement that returns its rows as arrays, made into objects by a function
 * compiled for its columns: twice as fast as better-sqlite3 setting each column on a new
 * object, which weighs on the 35 columns of a member (docs/performance.md).
 */
function withCompiledRows(statement: Statement): CachedStatement {
  const names = statement.reader ? statement.columns().map((column) => column.name) : [];
  if (!statement.reader || names.includes('__proto__')) return statement;
  statement.raw(true);
  const fields = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  // The column names enter the source quoted by JSON.stringify.
  const toRow = new Function('values', `return { ${fields.join(', ')} };`) as (
    values: unknown[],
  ) => Record<string, unknown>;
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters)) yield toRow(values as unknown[]);
    },
  };
}

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
  const statements = new Map<string, CachedStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = withCompiledRows(database.prepare(sql));
      if (!cached) {
        // Oldest first out: a Map iterates in insertion order.
        if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
