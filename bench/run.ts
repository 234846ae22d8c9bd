import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { localPhotoStorage } from '../src/server/features/photos/photo-storage';
import { seedDemoMembers } from '../src/server/seed/demo-members';
import { seedDemoSite } from '../src/server/seed/demo-site';

// Throughput of the hot read paths, as ratios against a bare Fastify route measured in the
// same run on the same machine (figures, never assertions: docs/performance.md).
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 10, duration: DURATION_SECONDS, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

const baseline = Fastify();
baseline.get('/hello', async () => ({ hello: 'world' }));
await baseline.listen({ port: 0, host: '127.0.0.1' });
const baselineAddress = baseline.server.address();
const baselinePort =
  typeof baselineAddress === 'object' && baselineAddress ? baselineAddress.port : 0;

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  SQLITE_PATH: ':memory:',
  SEED_DEMO: 'false',
  MEDIA_DIR: '/tmp/bench-media',
});
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  schema: config.DATABASE_SCHEMA,
  sqlitePath: ':memory:',
});
await migrateToLatest(database.db, config.DATABASE_URL ? config.DATABASE_SCHEMA : undefined);
const { siteId } = await seedDemoSite(database.db);
await seedDemoMembers(database.db, localPhotoStorage(config.MEDIA_DIR), {
  siteId,
  count: 1000,
  withPhotos: false,
});
// Photo rows without files: the API reads rows only, and rendering 1000 avatars is not the point.
const members = await database.db.selectFrom('members').select('id').execute();
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
// As after the first start's seed: statistics for the planner.
await sql`ANALYZE`.execute(database.db);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const base = await measure(`http://127.0.0.1:${baselinePort}/hello`);
const rows = [
  ['bare Fastify route (baseline)', base],
  [
    'GET /api/settings.php',
    await measure(`http://127.0.0.1:${port}/api/settings.php`, { host: 'localhost' }),
  ],
  [
    'GET /api/regions.php',
    await measure(`http://127.0.0.1:${port}/api/regions.php`, { host: 'localhost' }),
  ],
  [
    'GET /api/user.php (visitor)',
    await measure(`http://127.0.0.1:${port}/api/user.php`, { host: 'localhost' }),
  ],
  [
    'GET /api/featured.php (1000 members)',
    await measure(`http://127.0.0.1:${port}/api/featured.php`, { host: 'localhost' }),
  ],
] as const;

console.log(`\nThroughput, ${DURATION_SECONDS} s each, 10 connections, ${database.dialect}\n`);
console.log(
  'path'.padEnd(40),
  'req/s'.padStart(9),
  'ratio'.padStart(7),
  'p99 ms'.padStart(8),
  'errors'.padStart(7),
);
for (const [name, result] of rows) {
  console.log(
    name.padEnd(40),
    result.rps.toFixed(0).padStart(9),
    (result.rps / base.rps).toFixed(2).padStart(7),
    String(result.p99).padStart(8),
    String(result.errors).padStart(7),
  );
}
await app.close();
await baseline.close();
