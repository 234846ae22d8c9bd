import type { Database as BetterSqliteDatabase } from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import { fsyncFile, groupSync } from './group-sync';

export interface SqliteDurability {
  /** Whether rows changed since the last call: each use of the connection asks once. */
  changedSinceLastAsked(): boolean;
  /** Resolves once the write-ahead log is on the disk up to now (batched between callers). */
  syncLog(): Promise<void>;
}

/**
 * Durable writes at a fraction of the event loop's time. SQLite in WAL mode with
 * `synchronous = FULL` flushes the log inside every COMMIT, which blocked the event loop for
 * about 190 µs of a paid message's 770 (docs/performance.md). Here commits run with
 * `synchronous = NORMAL` (written, not yet flushed) and every use of the connection that
 * changed rows waits, after handing the connection on, for an fsync of the log that began
 * after its commit. That fsync runs in the thread pool and covers every commit before it, so
 * under load one flush serves many transactions. A caller is answered only once its writes
 * survive a power loss, as with FULL. The difference: another request may read a committed
 * row during those microseconds before it is flushed.
 */
export function sqliteDurability(
  sqlite: BetterSqliteDatabase,
  flush: (path: string) => Promise<void> = fsyncFile,
): SqliteDurability | undefined {
  if (sqlite.memory) return undefined;
  sqlite.pragma('synchronous = NORMAL');
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  let changesSeen = totalChanges.get() as number;
  return {
    changedSinceLastAsked() {
      const changes = totalChanges.get() as number;
      const changed = changes !== changesSeen;
      changesSeen = changes;
      return changed;
    },
    syncLog: groupSync(() => flush(`${sqlite.name}-wal`)),
  };
}

/**
 * The app's SQLite driver:
 * - Transactions begin as the writer (`BEGIN IMMEDIATE`). A transaction reads what it checks
 *   and then writes; with a plain `BEGIN` another process could commit between the read and
 *   the write. Within this process Kysely runs one transaction at a time on its single
 *   connection, so beginning as the writer costs nothing; it replaces the member-row "lock"
 *   that a no-op UPDATE used to take in every paid transaction (db/member-lock.ts).
 * - Writes are durable before their caller goes on (sqliteDurability).
 */
class AppSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly durability: SqliteDurability | undefined,
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async releaseConnection(): Promise<void> {
    const changed = this.durability?.changedSinceLastAsked() ?? false;
    await super.releaseConnection();
    // After the release: the next transaction runs while this one's flush is under way.
    if (changed) await this.durability!.syncLog();
  }
}

export class AppSqliteDialect extends SqliteDialect {
  constructor(
    private readonly driverConfig: SqliteDialectConfig,
    private readonly durability: SqliteDurability | undefined,
  ) {
    super(driverConfig);
  }

  override createDriver(): Driver {
    return new AppSqliteDriver(this.driverConfig, this.durability);
  }
}
