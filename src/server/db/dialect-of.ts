import { PostgresAdapter } from 'kysely';
import type { Db } from './database';

/** Whether the handle (or transaction) talks to PostgreSQL rather than SQLite. */
export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
