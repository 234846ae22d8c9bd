import { realpathSync } from 'node:fs';
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
  /**
   * Resolves once every commit made so far is on the disk: at once when nothing is waiting
   * for a flush, else after a flush of the log that began after this call (batched between
   * callers). Each use of the connection calls it when it hands the connection on.
   */
  durable(): Promise<void>;
  /** Copies the log into the database file now (the checkpointing thread does it anyway). */
  checkpoint(): Promise<CheckpointResult>;
  /** Flushes what is left and stops the checkpointing thread. */
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
 * `synchronous = NORMAL` (written, not yet flushed), and every use of the connection waits,
 * after handing the connection on, until the commits made so far are flushed: an fdatasync
 * of the log in the thread pool that covers every commit before it, so under load one flush
 * serves many transactions. A use that wrote waits for its own commit; one that only read
 * waits too while any commit is unflushed, since it may have read it. So nobody is answered
 * from a write that a power loss could undo, as with FULL.
 *
 * Undefined (SQLite's own FULL stays) for an in-memory database, and for a file that is not
 * in WAL mode (the pragma can fail on some file systems): there is no log to flush.
 */
export function sqliteDurability(
  sqlite: BetterSqliteDatabase,
  makeFlusher: (path: string) => FileFlusher = fileFlusher,
): SqliteDurability | undefined {
  if (sqlite.memory || sqlite.pragma('journal_mode', { simple: true }) !== 'wal') return undefined;
  sqlite.pragma('synchronous = NORMAL');
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  const changesNow = () => totalChanges.get() as number;
  // SQLite keeps the log beside the real file when the path is a symbolic link.
  const log = makeFlusher(`${realpathSync(sqlite.name)}-wal`);
  // Counted in rows changed (total_changes), read only when a use hands the connection on,
  // so no transaction is open and every change counted is committed (or rolled back, which
  // costs a flush it did not need). A flush that begins covers what was asked before it;
  // reading the count when it begins could count a transaction still open, whose commit
  // would then never be flushed.
  let flushedThrough = changesNow();
  let asked = flushedThrough;
  const flushLog = groupSync(async () => {
    const through = asked;
    await log.flush();
    flushedThrough = Math.max(flushedThrough, through);
  });
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  const checkpointer = startSqliteCheckpointer(sqlite.name, () => {
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  });
  const durable = () => {
    const changes = changesNow();
    if (changes === flushedThrough) return Promise.resolve();
    asked = Math.max(asked, changes);
    return flushLog();
  };
  return {
    durable,
    checkpoint: () => checkpointer.checkpoint(),
    close: async () => {
      try {
        await durable();
      } finally {
        await checkpointer.close();
        await log.close();
      }
    },
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
 *   into the database file on a thread of its own (sqlite-checkpointer.ts). Both start with
 *   the first use of the handle, as the connection does, and end with it.
 */
class AppSqliteDriver extends SqliteDriver {
  private durability: SqliteDurability | undefined;

  constructor(
    config: SqliteDialectConfig,
    private readonly makeDurability: () => SqliteDurability | undefined,
  ) {
    super(config);
  }

  override async init(): Promise<void> {
    await super.init();
    this.durability = this.makeDurability();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async releaseConnection(): Promise<void> {
    // Taken before the next use can commit: it covers this use's commits and no later ones.
    let durable: Promise<void> | undefined;
    try {
      durable = this.durability?.durable();
      // A failed flush surfaces below, not as an unhandled rejection during the release.
      durable?.catch(() => undefined);
    } finally {
      // After the release: the next transaction runs while this one's flush is under way.
      await super.releaseConnection();
    }
    await durable;
  }

  override async destroy(): Promise<void> {
    // Waits for the use under way (and keeps the connection from any other), then flushes.
    await this.acquireConnection();
    try {
      await this.durability?.close();
    } finally {
      await super.destroy();
    }
  }
}

export class AppSqliteDialect extends SqliteDialect {
  constructor(
    private readonly driverConfig: SqliteDialectConfig,
    private readonly makeDurability: () => SqliteDurability | undefined,
  ) {
    super(driverConfig);
  }

  override createDriver(): Driver {
    return new AppSqliteDriver(this.driverConfig, this.makeDurability);
  }
}
