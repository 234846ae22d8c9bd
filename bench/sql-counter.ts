import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type BetterSqlite from 'better-sqlite3';
import type pgModule from 'pg';

/**
 * Preloaded into the app under benchmark (`node --import tsx --import bench/sql-counter.ts
 * src/server/main.ts`): counts the SQL statements the app sends and the time the driver takes
 * for them, without touching the app's code. The bench asks over IPC ({ sql: 'read' }) and
 * gets { statements, dbMs } so far; reading before and after one request gives that request's.
 *
 * - better-sqlite3: every run/get/all/iterate of a prepared statement, BEGIN and COMMIT included.
 *   Its calls block, so the time is the database's own.
 * - pg: every Client#query (BEGIN and COMMIT included); the time runs from the call to the
 *   answer, so it holds the loopback round trip too: the database time as the app waits for it.
 */
const require = createRequire(import.meta.url);
let statements = 0;
let dbMs = 0;

function countSqlite() {
  const SQLite = require('better-sqlite3') as typeof BetterSqlite;
  const probe = new SQLite(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = prototype[method] as (...args: unknown[]) => unknown;
    prototype[method] = function (this: unknown, ...args: unknown[]) {
      statements += 1;
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        dbMs += performance.now() - started;
      }
    };
  }
}

function countPostgres() {
  const pg = require('pg') as typeof pgModule;
  const prototype = pg.Client.prototype as unknown as Record<string, unknown>;
  const original = prototype.query as (...args: unknown[]) => unknown;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    const started = performance.now();
    const answer = original.apply(this, args);
    if (answer && typeof (answer as Promise<unknown>).then === 'function') {
      const done = () => {
        dbMs += performance.now() - started;
      };
      (answer as Promise<unknown>).then(done, done);
    }
    return answer;
  };
}

countSqlite();
countPostgres();

process.on('message', (message: { sql?: 'read' }) => {
  if (message.sql === 'read') process.send?.({ sql: { statements, dbMs } });
});
