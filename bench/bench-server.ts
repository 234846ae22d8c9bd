import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { dropPostgresSchema, ensurePostgresSchema, openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { refreshPlannerStatistics } from '@server/db/planner-statistics';
import { localPhotoStorage } from '@server/features/photos';
import { DEMO_LOGIN } from '@server/seed/demo-login';
import { seedDemoMembers } from '@server/seed/demo-members';
import { seedDemoSite } from '@server/seed/demo-site';

/**
 * The app under benchmark, in its own process and configured as an operator runs it:
 * production mode, info-level JSON request logs (to wherever the parent sends stdout), a
 * SQLite file in WAL mode or a PostgreSQL schema. It seeds 1,000 demo members, logs the demo
 * member in and tells the parent its port and the member's cookies.
 */
const MEMBER_COUNT = 1000;
const dataDir = await mkdtemp(join(tmpdir(), 'bench-'));
const schema = `bench_${randomBytes(5).toString('hex')}`;
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  SEED_DEMO: 'false',
  ...process.env,
  DATABASE_SCHEMA: schema,
  SQLITE_PATH: join(dataDir, 'app.sqlite'),
  MEDIA_DIR: join(dataDir, 'media'),
  REDIS_KEY_PREFIX: `${schema}:`,
});
if (config.DATABASE_URL) await ensurePostgresSchema(config.DATABASE_URL, schema);
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  schema,
  sqlitePath: config.SQLITE_PATH,
});
await migrateToLatest(database.db, config.DATABASE_URL ? schema : undefined);
const { siteId } = await seedDemoSite(database.db);
await seedDemoMembers(database.db, localPhotoStorage(config.MEDIA_DIR), {
  siteId,
  count: MEMBER_COUNT,
  withPhotos: false,
});
// Photo rows without files: the API reads rows only, and rendering avatars is not the point.
const members = await database.db.selectFrom('members').select(['id', 'email']).execute();
for (let start = 0; start < members.length; start += 200) {
  await database.db
    .insertInto('photos')
    .values(
      members.slice(start, start + 200).map((member) => ({
        member_id: member.id,
        storage_key: `bench${member.id}`,
        blurred_storage_key: `benchblur${member.id}`,
        status: 'active',
        position: 0,
        width: 600,
        height: 600,
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
}
const demo = members.find((member) => member.email === DEMO_LOGIN.email)!;
const others = members.filter((member) => member.id !== demo.id);
// As after the first start's seed: statistics for the planner.
await refreshPlannerStatistics(database.db);

const app = await buildApp({ config, database });

/** The demo member logs in as the web app does, and blocks two others. */
async function logInDemoMember(): Promise<string> {
  const cookies = new Map<string, string>();
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        host: 'localhost',
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-csrf-token': [...cookies].find(([name]) => name.endsWith('csrf'))?.[1] ?? '',
      },
      ...(payload ? { payload } : {}),
    });
    for (const cookie of response.cookies) cookies.set(cookie.name, cookie.value);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
  };
  await call('GET', '/api/user.php');
  await call('POST', '/api/user.php', DEMO_LOGIN);
  // So blocks.php and the members' lists have something to leave out.
  for (const blocked of others.slice(0, 2)) {
    await call('POST', '/api/block.php', { member_id: blocked.id });
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}
const memberCookie = await logInDemoMember();

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({
  port: typeof address === 'object' && address ? address.port : 0,
  dialect: database.dialect,
  memberCookie,
  otherMemberId: others[10]!.id,
});

// BENCH_PROFILE (bench/run.ts): a CPU profile of a measured part only, not of the seeding.
const inspector = new Session();
process.on('message', (message: { profile?: 'start' | string }) => {
  void (async () => {
    if (message.profile === 'start') {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    } else if (message.profile) {
      const { profile } = await inspector.post('Profiler.stop');
      await writeFile(message.profile, JSON.stringify(profile));
      inspector.disconnect();
    }
    process.send?.({ profiled: message.profile });
  })();
});

process.on('disconnect', () => {
  void (async () => {
    await app.close();
    if (config.DATABASE_URL) await dropPostgresSchema(config.DATABASE_URL, schema);
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
