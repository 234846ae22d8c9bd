import type { Database as BetterSqliteDatabase } from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import { type FileFlusher, fileFlusher, groupSync } from './group-sync';
import { type CheckpointResult, startSqliteCheckpointer } from './sqlite-checkpointer';

export interface SqliteDurability {
  /** Whether rows changed since the last call: each use of the connection asks once. */
  changedSinceLastAsked(): boolean;
  /** Resolves once the write-ahead log is on the disk up to now (batched between callers). */
  syncLog(): Promise<void>;
  /** Copies the log into the database file now (the checkpointing thread does it anyway). */
  checkpoint(): Promise<CheckpointResult>;
  /** Stops the checkpointing thread. */
  close(): Promise<void>;
}

/**
 * Pages of log after which the app's connection checkpoints by itself, on the event loop:
 * only if the checkpointing thread fell far behind (SQLite's default is 1,000).
 */
const BACKSTOP_CHECKPOINT_PAGES = 10_000;

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
  makeFlusher: (path: string) => FileFlusher = fileFlusher,
): SqliteDurability | undefined {
  if (sqlite.memory) return undefined;
  sqlite.pragma('synchronous = NORMAL');
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  let changesSeen = totalChanges.get() as number;
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  const checkpointer = startSqliteCheckpointer(sqlite.name, () => {
    sqlite.pragma('wal_autocheckpoint = 1000');
  });
  const log = makeFlusher(`${sqlite.name}-wal`);
  return {
    checkpoint: () => checkpointer.checkpoint(),
    close: async () => {
      await checkpointer.close();
      await log.close();
    },
    changedSinceLastAsked() {
      const changes = totalChanges.get() as number;
      const changed = changes !== changesSeen;
      changesSeen = changes;
      return changed;
    },
    syncLog: groupSync(() => log.flush()),
  };
}

/**
 * The app's SQLite driver:
 * - Transactions begin as the writer (`BEGIN IMMEDIATE`). A transaction reads what it checks
 *   and then writes; with a plain `BEGIN` another process could commit between the read and
 *   the write. Within this process Kysely runs one transaction at a time on its single
 *   connection, so beginning as the writer costs nothing; it replaces the member-row "lock"
 *   that a no-op UPDATE used to take in every paid transaction (db/member-lock.ts).
 * - Writes are durable before their caller goes on (sqliteDurability), and the log is copied
 *   into the database file on a thread of its own (sqlite-checkpointer.ts).
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

  override async destroy(): Promise<void> {
    await this.durability?.close();
    await super.destroy();
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
