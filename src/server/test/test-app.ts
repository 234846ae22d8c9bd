import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '@server/app';
import { type Config, loadConfig } from '@server/config';
import {
  type DatabaseHandle,
  dropPostgresSchema,
  ensurePostgresSchema,
  openDatabase,
} from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { jobsSchemaOf } from '@server/jobs';
import { seedDemoSite } from '@server/seed/demo-site';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  siteId: number;
  close: () => Promise<void>;
}

/**
 * A real app over a fresh database: an in-memory SQLite file, or a new PostgreSQL schema when
 * DATABASE_URL is set (CI runs the suite both ways). The localhost demo site is seeded.
 */
export async function createTestApp(
  overrides: Partial<Record<string, string>> = {},
  { logStream }: Pick<AppDependencies, 'logStream'> = {},
): Promise<TestApp> {
  const mediaDir = await mkdtemp(join(tmpdir(), 'media-'));
  const exportDir = await mkdtemp(join(tmpdir(), 'exports-'));
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SQLITE_PATH: ':memory:',
    DATABASE_SCHEMA: schema,
    // Rate-limit counters in Redis outlive a test run; each test app counts on its own.
    REDIS_KEY_PREFIX: `${schema}:`,
    MEDIA_DIR: mediaDir,
    EXPORT_DIR: exportDir,
    SEED_DEMO: 'false',
    // A loaded test machine must not shed the suite's own requests (load-shedding.test.ts).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_EVENT_LOOP_UTILIZATION: '0',
    // Tests send many requests at once from one address (address-concurrency.test.ts sets it).
    REQUESTS_IN_FLIGHT_PER_IP: '0',
    ...overrides,
  });
  if (config.DATABASE_URL) await ensurePostgresSchema(config.DATABASE_URL, schema);
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    schema,
    sqlitePath: ':memory:',
  });
  await migrateToLatest(database.db, config.DATABASE_URL ? schema : undefined);
  const { siteId } = await seedDemoSite(database.db);
  const app = await buildApp({ config, database, ...(logStream ? { logStream } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    siteId,
    close: async () => {
      await app.close();
      if (config.DATABASE_URL) {
        await dropPostgresSchema(config.DATABASE_URL, schema);
        await dropPostgresSchema(config.DATABASE_URL, jobsSchemaOf(schema));
      }
      await rm(mediaDir, { recursive: true, force: true });
      await rm(exportDir, { recursive: true, force: true });
    },
  };
}

/** Changes some of the test site's settings (as an operator would) and drops cached sites. */
export async function updateSiteSettings(
  t: TestApp,
  patch: Record<string, unknown>,
): Promise<void> {
  const site = await t.database.db
    .selectFrom('sites')
    .select('settings_json')
    .where('id', '=', t.siteId)
    .executeTakeFirstOrThrow();
  await t.database.db
    .updateTable('sites')
    .set({ settings_json: JSON.stringify({ ...JSON.parse(site.settings_json), ...patch }) })
    .where('id', '=', t.siteId)
    .execute();
}
