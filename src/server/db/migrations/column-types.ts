import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

/** Adds an auto-incrementing integer primary key that works on SQLite and PostgreSQL. */
export function withIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  const isPostgres = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
  return isPostgres
    ? table.addColumn('id', 'serial', (column) => column.primaryKey())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}

export const notNull = (column: ColumnDefinitionBuilder) => column.notNull();
