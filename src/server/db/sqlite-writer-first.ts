import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/**
 * SQLite transactions that begin as the writer (`BEGIN IMMEDIATE`): a transaction reads what
 * it checks and then writes, and with a plain `BEGIN` another process could commit between
 * the read and the write (and this one would fail with SQLITE_BUSY when it turned writer).
 * Within this process Kysely runs one transaction at a time on its single connection, so
 * beginning as the writer costs nothing more; it replaces the member-row "lock" that a no-op
 * UPDATE used to take in every paid transaction (db/member-lock.ts).
 */
class WriterFirstDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class WriterFirstSqliteDialect extends SqliteDialect {
  constructor(private readonly driverConfig: SqliteDialectConfig) {
    super(driverConfig);
  }

  override createDriver(): Driver {
    return new WriterFirstDriver(this.driverConfig);
  }
}
