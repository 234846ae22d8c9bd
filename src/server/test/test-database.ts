import { randomBytes } from 'node:crypto';
import {
  type DatabaseHandle,
  dropPostgresSchema,
  ensurePostgresSchema,
  openDatabase,
} from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { jobsSchemaOf } from '@server/jobs';
import { seedDemoSite } from '@server/seed/demo-site';

export interface TestDatabase {
  database: DatabaseHandle;
  /** The PostgreSQL schema (unused on SQLite). */
  schema: string;
  siteId: number;
  close: () => Promise<void>;
}

/**
 * A fresh, migrated database with the demo site and no HTTP app around it, for tests of
 * queries and services: in-memory SQLite, or a new PostgreSQL schema when DATABASE_URL is
 * set (as createTestApp does).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  if (databaseUrl) await ensurePostgresSchema(databaseUrl, schema);
  const database = openDatabase({ databaseUrl, schema, sqlitePath: ':memory:' });
  await migrateToLatest(database.db, databaseUrl ? schema : undefined);
  const { siteId } = await seedDemoSite(database.db);
  return {
    database,
    schema,
    siteId,
    close: async () => {
      await database.db.destroy();
      if (databaseUrl) {
        await dropPostgresSchema(databaseUrl, schema);
        await dropPostgresSchema(databaseUrl, jobsSchemaOf(schema));
      }
    },
  };
}
