import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { dropPostgresSchema, ensurePostgresSchema, openDatabase } from '@server/db/database';
import { insertMembers } from '@server/db/members-table';
import { migrateToLatest } from '@server/db/migrate';
import { hashPassword } from '@server/features/auth';
import { demoSiteSettings, seedDemoSite } from '@server/seed/demo-site';
import { memberValues } from '@server/test/factories';

/**
 * The app under the realtime benchmark (bench/realtime.ts), in its own process and set up as
 * an operator runs it: production mode, info-level JSON request logs (to wherever the parent
 * sends stdout), a SQLite file or a PostgreSQL schema, Redis when REDIS_URL is set.
 *
 * BENCH_MEMBERS members are seeded with credits, a photo row and a session each; the parent
 * gets their ids and session tokens. The site allows its maximum of 600 messages a minute per
 * member, so the per-member flood limit does not cap the measured rate.
 *
 * BENCH_ATTACH=<schema> starts a second instance on another instance's schema (issue 9 §7):
 * no seeding, same Redis key prefix. Its parent asks for memory figures with { memory: true }.
 */
const attach = process.env.BENCH_ATTACH;
const memberCount = Number(process.env.BENCH_MEMBERS ?? 1000);
const dataDir = process.env.BENCH_DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'bench-rt-')));
const schema = attach ?? `bench_${randomBytes(5).toString('hex')}`;
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  SEED_DEMO: 'false',
  // Thousands of idle sockets from this one machine, none behind a proxy that names them.
  SOCKETS_PER_ADDRESS: '1000000',
  ...process.env,
  DATABASE_SCHEMA: schema,
  SQLITE_PATH: join(dataDir, 'app.sqlite'),
  MEDIA_DIR: join(dataDir, 'media'),
  REDIS_KEY_PREFIX: `${schema}:`,
});
if (config.DATABASE_URL && !attach) await ensurePostgresSchema(config.DATABASE_URL, schema);
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  schema,
  sqlitePath: config.SQLITE_PATH,
});

// BENCH_SQLITE_SYNCHRONOUS=NORMAL measures what the app's default (FULL: the WAL is synced
// to disk at every commit, inside the event loop with better-sqlite3) costs the delivery.
if (database.dialect === 'sqlite' && process.env.BENCH_SQLITE_SYNCHRONOUS === 'NORMAL')
  await sql`PRAGMA synchronous = NORMAL`.execute(database.db);

interface BenchMember {
  id: number;
  token: string;
}

async function seed(): Promise<BenchMember[]> {
  await migrateToLatest(database.db, config.DATABASE_URL ? schema : undefined);
  const { siteId } = await seedDemoSite(database.db);
  const settings = demoSiteSettings();
  await database.db
    .updateTable('sites')
    .set({
      settings_json: JSON.stringify({
        ...settings,
        chat: { ...settings.chat, messages_per_minute: 600 },
      }),
    })
    .where('id', '=', siteId)
    .execute();
  const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const seeded: BenchMember[] = [];
  for (let start = 0; start < memberCount; start += 250) {
    const count = Math.min(250, memberCount - start);
    const ids = await insertMembers(
      database.db,
      Array.from({ length: count }, (_, i) =>
        memberValues(siteId, {
          email: `bench${start + i}@example.com`,
          name: `Bench ${start + i}`,
          password_hash: passwordHash,
          gender: i % 2 ? 'female' : 'male',
          seeking: i % 2 ? 'male' : 'female',
          credits: 10_000_000,
          paid_user: 1,
        }),
      ),
    );
    const rows = ids.map((id) => ({ id }));
    await database.db
      .insertInto('photos')
      .values(
        rows.map(({ id }) => ({
          member_id: id,
          storage_key: `bench${id}`,
          blurred_storage_key: `benchblur${id}`,
          status: 'active',
          position: 0,
          width: 600,
          height: 600,
          created_at: now,
        })),
      )
      .execute();
    // Sessions as a login makes them: a random token, only its hash stored.
    const tokens = rows.map(({ id }) => ({ id, token: randomBytes(32).toString('base64url') }));
    await database.db
      .insertInto('sessions')
      .values(
        tokens.map(({ id, token }) => ({
          token_hash: createHash('sha256').update(token).digest('base64url'),
          member_id: id,
          created_at: now,
          expires_at: expires,
        })),
      )
      .execute();
    seeded.push(...tokens);
  }
  return seeded;
}

const members = attach ? [] : await seed();
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({
  port: typeof address === 'object' && address ? address.port : 0,
  dialect: database.dialect,
  schema,
  dataDir,
  members,
});

// How long the event loop was held up: tells a slow app from a descheduled one.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();

// Time the loop was busy against CPU time the process got: busy far above CPU means the
// process waited for a core (descheduled) while it had work.
let since = { cpu: process.cpuUsage(), loop: performance.eventLoopUtilization() };
process.on('message', (message: { memory?: boolean; loop?: 'reset' | 'read' }) => {
  if (message.loop === 'reset') {
    loopDelay.reset();
    since = { cpu: process.cpuUsage(), loop: performance.eventLoopUtilization() };
  }
  if (message.loop === 'read') {
    const cpu = process.cpuUsage(since.cpu);
    const loop = performance.eventLoopUtilization(since.loop);
    process.send?.({
      loop: {
        p99: loopDelay.percentile(99) / 1e6,
        max: loopDelay.max / 1e6,
        busyMs: loop.active,
        wallMs: loop.active + loop.idle,
        cpuMs: (cpu.user + cpu.system) / 1000,
      },
    });
  }
  if (!message.memory) return;
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  process.send?.({ memory: usage, sockets: app.realtime.socketCount() });
});

process.on('disconnect', () => {
  void (async () => {
    await app.close();
    if (!attach) {
      if (config.DATABASE_URL) await dropPostgresSchema(config.DATABASE_URL, schema);
      await rm(dataDir, { recursive: true, force: true });
    }
    process.exit(0);
  })();
});
