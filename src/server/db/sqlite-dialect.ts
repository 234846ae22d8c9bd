import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/**
 * The app's SQLite driver: transactions begin as the writer (`BEGIN IMMEDIATE`). A
 * transaction reads what it checks and then writes; with a plain `BEGIN` another process
 * could commit between the read and the write. Within this process Kysely runs one
 * transaction at a time on its single connection, so beginning as the writer costs nothing.
 * Durability is SQLite's own (WAL with `synchronous = FULL`: database.ts, docs/decisions.md).
 */
class AppSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class AppSqliteDialect extends SqliteDialect {
  constructor(private readonly driverConfig: SqliteDialectConfig) {
    super(driverConfig);
  }

  override createDriver(): Driver {
    return new AppSqliteDriver(this.driverConfig);
  }
}
