import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, openSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { searchQuerySchema } from '../src/contract/discovery';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import {
  type DatabaseHandle,
  dropPostgresSchema,
  ensurePostgresSchema,
  openDatabase,
} from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import type { Database } from '../src/server/db/schema';
import { hashPassword } from '../src/server/features/auth';
import { searchFiltersOf } from '../src/server/features/members/search-filters';
import {
  type SearchContext,
  countSearch,
  listSearchPage,
  listSharedSearchPage,
  listSimilar,
  readViewerRelations,
} from '../src/server/features/members/search-queries';
import { storedSiteSettingsSchema } from '../src/server/features/sites/site-record';
import { seedDemoSite } from '../src/server/seed/demo-site';
import { memberValues } from '../src/server/test/factories';

/*
 * Member search at scale (issue 8, docs/discovery-performance.md): seeds BENCH_MEMBERS members
 * (default 1,000,000), each with a photo row (no files), on SQLite (a WAL file under /tmp) or
 * PostgreSQL (DATABASE_URL, a fresh schema), then measures with autocannon against the real
 * app built with buildApp, logging at info to a file as `npm start` logs, in a server process
 * of its own:
 *   - a bare Fastify route in the same process (the baseline),
 *   - search.php with gender + country + ages for a logged-in member (page 1),
 *   - the same search's page 50, reached by its cursor.
 * Prints the query plans of the search's statements, req/s, p50/p99 and the ratios.
 *
 *   npx tsx bench/discovery.ts
 *   BENCH_MEMBERS=200000 BENCH_SECONDS=5 npx tsx bench/discovery.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/discovery.ts
 * Options: BENCH_SECONDS (5: rounds of 1 s per path, each beside 1 s of the bare route), BENCH_CONNECTIONS (50), BENCH_MEMBERS (1000000),
 * BENCH_SQLITE (/tmp/discovery-bench-<members>.sqlite; reused when already seeded, unless
 * BENCH_RESEED=1), BENCH_REUSE=1 (PostgreSQL: keep the seeded schema of a previous run),
 * BENCH_LOG (/tmp/discovery-bench.log).
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const DATABASE_URL = process.env.DATABASE_URL;
const SQLITE_PATH = process.env.BENCH_SQLITE ?? `/tmp/discovery-bench-${MEMBERS}.sqlite`;
const PG_SCHEMA = 'bench_discovery';
const LOG_FILE = process.env.BENCH_LOG ?? '/tmp/discovery-bench.log';
const VIEWER_EMAIL = 'bench-viewer@example.com';
const VIEWER_PASSWORD = 'bench viewer passphrase';
/** 16 countries, 2 letters each: member n lives in the (n mod 16)-th. */
const COUNTRIES = 'NLBEDEATCHGBIEUSFRITESPLDKFINOSE';
const SEARCH = 'gender=female&country=NL&min_age=25&max_age=45';

function openBenchDatabase(): DatabaseHandle {
  return openDatabase({ databaseUrl: DATABASE_URL, schema: PG_SCHEMA, sqlitePath: SQLITE_PATH });
}

// ---------------------------------------------------------------------------------------
// Server role: the real app and the bare route, in a process whose stdout is the log file.
// ---------------------------------------------------------------------------------------
async function serve() {
  // As an operator runs it (and as bench/bench-server.ts runs the app): production mode.
  const config = loadConfig({
    NODE_ENV: 'production',
    ...process.env,
    LOG_LEVEL: 'info',
    SQLITE_PATH,
    DATABASE_SCHEMA: PG_SCHEMA,
    SEED_DEMO: 'false',
    MEDIA_DIR: '/tmp/bench-media',
  });
  const app = await buildApp({ config, database: openBenchDatabase() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const portOf = (server: typeof bare.server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };
  process.send?.({ app: portOf(app.server), bare: portOf(bare.server) });
  process.on('disconnect', () => {
    void Promise.all([app.close(), bare.close()]).then(() => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------
// Seed: members and photo rows in a few big INSERT … SELECT statements.
// ---------------------------------------------------------------------------------------
async function seed(handle: DatabaseHandle, siteId: number) {
  const { db, dialect } = handle;
  const chunk = 250_000;
  for (let start = 1; start <= MEMBERS; start += chunk) {
    const end = Math.min(MEMBERS, start + chunk - 1);
    // Members: half women, 16 countries, ages 19-73, every 10th fictional, 1 % disabled,
    // about 1 % invisible; last activity spread over ~MEMBERS seconds, not in id order.
    if (dialect === 'sqlite')
      await sql`
        WITH RECURSIVE seq(n) AS (SELECT ${start} UNION ALL SELECT n + 1 FROM seq WHERE n < ${end})
        INSERT INTO members (site_id, email, name, password_hash, date_of_birth, gender, seeking,
          country, region, language, about, status, profile_status, is_fictional, is_invisible,
          created_at, last_active_at)
        SELECT ${siteId}, 'bench' || n || '@example.com', 'Bench ' || n, NULL,
          date('2007-01-01', '-' || ((n * 7) % 20000) || ' days'),
          CASE n % 2 WHEN 0 THEN 'female' ELSE 'male' END,
          CASE n % 2 WHEN 0 THEN 'male' ELSE 'female' END,
          substr(${COUNTRIES}, (n % 16) * 2 + 1, 2), NULL, 'en', '', 'active',
          CASE WHEN n % 100 = 1 THEN 'disabled' ELSE 'enabled' END,
          CASE WHEN n % 10 = 0 THEN 1 ELSE 0 END,
          CASE WHEN n % 97 = 0 THEN 1 ELSE 0 END,
          '2025-01-01T00:00:00.000Z',
          strftime('%Y-%m-%dT%H:%M:%fZ', '2026-11-01', '-' || ((n * 7919) % ${MEMBERS}) || ' seconds')
        FROM seq`.execute(db);
    else
      await sql`
        INSERT INTO members (site_id, email, name, password_hash, date_of_birth, gender, seeking,
          country, region, language, about, status, profile_status, is_fictional, is_invisible,
          created_at, last_active_at)
        SELECT ${siteId}, 'bench' || n || '@example.com', 'Bench ' || n, NULL,
          to_char(date '2007-01-01' - ((n * 7) % 20000)::int, 'YYYY-MM-DD'),
          CASE n % 2 WHEN 0 THEN 'female' ELSE 'male' END,
          CASE n % 2 WHEN 0 THEN 'male' ELSE 'female' END,
          substr(${COUNTRIES}, ((n % 16) * 2 + 1)::int, 2), NULL, 'en', '', 'active',
          CASE WHEN n % 100 = 1 THEN 'disabled' ELSE 'enabled' END,
          CASE WHEN n % 10 = 0 THEN 1 ELSE 0 END,
          CASE WHEN n % 97 = 0 THEN 1 ELSE 0 END,
          '2025-01-01T00:00:00.000Z',
          to_char(timestamp '2026-11-01' - ((n * 7919) % ${MEMBERS}) * interval '1 second',
            'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        FROM generate_series(${start}::bigint, ${end}::bigint) AS n`.execute(db);
    process.stdout.write(`  members ${end.toLocaleString('en')}\n`);
  }
  await sql`
    INSERT INTO photos (member_id, storage_key, blurred_storage_key, status, position, width,
      height, created_at)
    SELECT id, 'bk' || id, 'bb' || id, 'active', 0, 600, 600, created_at
    FROM members WHERE site_id = ${siteId}`.execute(db);
  process.stdout.write('  photo rows done\n');
}

async function prepareDatabase(): Promise<{ handle: DatabaseHandle; siteId: number }> {
  if (DATABASE_URL && process.env.BENCH_REUSE !== '1') {
    await dropPostgresSchema(DATABASE_URL, PG_SCHEMA);
    await ensurePostgresSchema(DATABASE_URL, PG_SCHEMA);
  } else if (!DATABASE_URL && (process.env.BENCH_RESEED === '1' || !existsSync(SQLITE_PATH))) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${SQLITE_PATH}${suffix}`, { force: true });
  }
  const handle = openBenchDatabase();
  const { db } = handle;
  await migrateToLatest(db, DATABASE_URL ? PG_SCHEMA : undefined);
  const existing = await db
    .selectFrom('sites')
    .select('id')
    .where('domain', '=', 'localhost')
    .executeTakeFirst();
  if (existing) {
    console.log(`Reusing the seeded ${DATABASE_URL ? `schema ${PG_SCHEMA}` : SQLITE_PATH}`);
    return { handle, siteId: existing.id };
  }
  const { siteId } = await seedDemoSite(db);
  const started = Date.now();
  console.log(`Seeding ${MEMBERS.toLocaleString('en')} members on ${handle.dialect}…`);
  if (handle.dialect === 'sqlite') {
    await sql`PRAGMA synchronous = OFF`.execute(db);
    await sql`PRAGMA cache_size = -400000`.execute(db);
  }
  await seed(handle, siteId);
  await insertLoggableMember(db, siteId, VIEWER_EMAIL, 'Bench Viewer', '1988-03-03');
  // The viewer liked 5,000 members and has blocks both ways; others block each other too,
  // so the planner sees real tables behind the liked flag and the block checks.
  const viewer = await db
    .selectFrom('members')
    .select('id')
    .where('email', '=', VIEWER_EMAIL)
    .executeTakeFirstOrThrow();
  const at = '2026-01-01T00:00:00.000Z';
  const step = Math.max(1, Math.floor(MEMBERS / 5000));
  await sql`
    INSERT INTO likes (liker_id, liked_id, source, created_at, is_new)
    SELECT ${viewer.id}, id, 'member', ${at}, 0 FROM members
    WHERE site_id = ${siteId} AND id % ${step} = 0 AND id <> ${viewer.id}`.execute(db);
  await sql`
    INSERT INTO blocks (blocker_id, blocked_id, created_at)
    SELECT ${viewer.id}, id, ${at} FROM members WHERE id % 20011 = 1 AND id <> ${viewer.id}
    UNION ALL
    SELECT id, ${viewer.id}, ${at} FROM members WHERE id % 20011 = 2 AND id <> ${viewer.id}
    UNION ALL
    SELECT id, id + 1, ${at} FROM members WHERE id % 100 = 3 AND id < ${MEMBERS}`.execute(db);
  // As after the first start's seed: statistics for the planner.
  await sql`ANALYZE`.execute(db);
  if (handle.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(db);
  if (handle.dialect === 'sqlite') await sql`PRAGMA synchronous = NORMAL`.execute(db);
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { handle, siteId };
}

// ---------------------------------------------------------------------------------------
// Query plans of the search's statements, captured as the app's code builds them.
// ---------------------------------------------------------------------------------------
async function explainSearch(handle: DatabaseHandle, siteId: number, viewerId: number) {
  const { db, dialect } = handle;
  const site = await db
    .selectFrom('sites')
    .select('settings_json')
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  const settings = storedSiteSettingsSchema.parse(JSON.parse(site.settings_json));
  const captured: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  executor.executeQuery = ((query: CompiledQuery, ...rest: unknown[]) => {
    captured.push(query);
    return (original as (...args: unknown[]) => ReturnType<typeof original>)(query, ...rest);
  }) as typeof executor.executeQuery;
  const contextOf = (query: string): SearchContext => ({
    siteId,
    viewerId,
    filters: searchFiltersOf(
      settings,
      searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))),
    ),
  });
  const common = contextOf(SEARCH);
  const page1 = await listSearchPage(db, common, null);
  const last = page1.at(-1)!;
  await listSearchPage(db, common, { lastActiveAt: last.last_active_at!, id: last.id });
  await countSearch(db, common);
  await listSearchPage(db, contextOf('gender=female'), null);
  await listSearchPage(db, contextOf('min_age=30&max_age=31'), null);
  await listSimilar(
    db,
    contextOf('gender=female&country=NL&countryregion=NH&min_age=30&max_age=35'),
    [],
  );
  // The kept page as the site sees it (one statement), and a viewer's part of it.
  const { viewerId: _viewer, ...siteContext } = common;
  const shared = await listSharedSearchPage(db, siteContext, null, 1);
  await readViewerRelations(
    db,
    { ...common, viewerId },
    shared.map((row) => row.id),
    true,
  );
  executor.executeQuery = original;
  const names = [
    `page 1 (${SEARCH})`,
    'next page (keyset cursor)',
    'count (capped)',
    'gender only',
    'ages only',
    'similar results (region dropped, ages widened; then country dropped)',
    'kept page for the site: rows, capped count, similar steps (one statement)',
    "a viewer's part of a kept page: likes, blocks, hidden matches (one statement)",
  ];
  const lines: string[] = [];
  for (const [index, query] of captured.entries()) {
    lines.push(`-- ${names[index]}`);
    const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
    const plan = await (db as Kysely<Database>).executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
    );
    for (const row of plan.rows)
      lines.push(
        dialect === 'sqlite' ? `${row.id}|${row.parent}| ${row.detail}` : String(row['QUERY PLAN']),
      );
    lines.push('');
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------
// The run.
// ---------------------------------------------------------------------------------------
async function measure(
  url: string,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
  seconds = SECONDS,
) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    mean: result.latency.mean,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/**
 * A path against the bare route, in SECONDS rounds of one second each that alternate
 * between the two after a warm-up (as bench/run.ts): a drift of the machine's speed during
 * the run weighs on both sides of the ratio. Rates are means, latencies medians of rounds.
 */
async function compare(bareUrl: string, url: string, headers: Record<string, string>) {
  await measure(url, headers, CONNECTIONS, 1);
  const path: Array<Awaited<ReturnType<typeof measure>>> = [];
  const bare: Array<Awaited<ReturnType<typeof measure>>> = [];
  for (let round = 0; round < SECONDS; round += 1) {
    bare.push(await measure(bareUrl, {}, CONNECTIONS, 1));
    path.push(await measure(url, headers, CONNECTIONS, 1));
  }
  const mean = (windows: typeof path) =>
    windows.reduce((total, window) => total + window.rps, 0) / windows.length;
  return {
    rps: mean(path),
    bareRps: mean(bare),
    p50: median(path.map((window) => window.p50)),
    mean: median(path.map((window) => window.mean)),
    p99: median(path.map((window) => window.p99)),
    errors: path.reduce((total, window) => total + window.errors, 0),
  };
}

async function startServer(): Promise<{ child: ChildProcess; app: number; bare: number }> {
  const log = openSync(LOG_FILE, 'w');
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'server' },
    // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops.
    ...(process.env.BENCH_CPU_PROF
      ? {
          execArgv: [
            ...process.execArgv,
            '--cpu-prof',
            `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`,
          ],
        }
      : {}),
    stdio: ['ignore', log, 'inherit', 'ipc'],
  });
  const ports = await new Promise<{ app: number; bare: number }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { app: number; bare: number }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, ...ports };
}

/** Logs the viewer in like a browser: the CSRF cookie first, then POST /api/user.php. */
async function logIn(base: string, email = VIEWER_EMAIL): Promise<string> {
  const cookiesOf = (response: Response) =>
    response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const first = await fetch(`${base}/api/settings.php`, { headers: { host: 'localhost' } });
  const csrf = cookiesOf(first);
  // Production names it __Host-csrf (README, "Cookies").
  const token = csrf.find((cookie) => /^(__Host-)?csrf=/.test(cookie))!.split('=')[1]!;
  const login = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: {
      host: 'localhost',
      cookie: csrf.join('; '),
      'x-csrf-token': token,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email, password: VIEWER_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return [...csrf, ...cookiesOf(login)].join('; ');
}

/**
 * A second viewer who liked and blocked nobody: most members stand in no relation to most
 * pages they see, and get the site's kept answer (docs/discovery-performance.md).
 */
const NEWCOMER_EMAIL = 'bench-newcomer@example.com';
async function ensureNewcomer(handle: DatabaseHandle, siteId: number) {
  const known = await handle.db
    .selectFrom('members')
    .select('id')
    .where('email', '=', NEWCOMER_EMAIL)
    .executeTakeFirst();
  if (known) return;
  await insertLoggableMember(handle.db, siteId, NEWCOMER_EMAIL, 'Bench Newcomer', '1990-04-04');
}

/** A man in NL seeking women, who logs in with VIEWER_PASSWORD: the bench's members. */
async function insertLoggableMember(
  db: DatabaseHandle['db'],
  siteId: number,
  email: string,
  name: string,
  dateOfBirth: string,
) {
  await db
    .insertInto('members')
    .values(
      memberValues(siteId, {
        email,
        name,
        password_hash: await hashPassword(VIEWER_PASSWORD),
        date_of_birth: dateOfBirth,
        gender: 'male',
        seeking: 'female',
        region: null,
      }),
    )
    .execute();
}

async function main() {
  const { handle, siteId } = await prepareDatabase();
  const viewer = await handle.db
    .selectFrom('members')
    .select('id')
    .where('email', '=', VIEWER_EMAIL)
    .executeTakeFirstOrThrow();
  const members = await handle.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  console.log(
    `\nQuery plans (${handle.dialect}, ${Number(members.count).toLocaleString('en')} members)\n`,
  );
  console.log(await explainSearch(handle, siteId, viewer.id));
  await ensureNewcomer(handle, siteId);
  await handle.db.destroy();

  const server = await startServer();
  const base = `http://127.0.0.1:${server.app}`;
  const cookie = await logIn(base);
  // What Chromium sends with every call (as bench/run.ts): the site's host, the encodings it takes.
  const browser = { host: 'localhost', 'accept-encoding': 'gzip, deflate, br, zstd' };
  const headers = { ...browser, cookie };
  const newcomer = { ...browser, cookie: await logIn(base, NEWCOMER_EMAIL) };
  const searchUrl = `${base}/api/search.php?${SEARCH}`;
  // Page 50, reached by following the cursors from page 1.
  let cursorUrl = searchUrl;
  let first: { numResults: number; numResultsCapped: boolean } | undefined;
  for (let page = 1; page < 50; page += 1) {
    const response = await fetch(cursorUrl, { headers });
    const body = (await response.json()) as {
      next_cursor: string | null;
      numResults: number;
      numResultsCapped: boolean;
    };
    first ??= body;
    if (!body.next_cursor) throw new Error(`no page ${page + 1}`);
    cursorUrl = `${searchUrl}&cursor=${body.next_cursor}`;
  }
  const page50 = (await (await fetch(cursorUrl, { headers })).json()) as { pageNumber: number };
  console.log(
    `search: numResults ${first!.numResults}${first!.numResultsCapped ? '+' : ''}, page 50 answers pageNumber ${page50.pageNumber}`,
  );

  const bareUrl = `http://127.0.0.1:${server.bare}/hello`;
  const cases: Array<[string, string, Record<string, string>]> = [
    ['search.php page 1 (member)', searchUrl, headers],
    ['search.php page 50 (cursor)', cursorUrl, headers],
    ['search.php page 1 (member, no likes)', searchUrl, newcomer],
    ['search.php page 1 (visitor)', searchUrl, browser],
    // The viewer has 5,000 likes: likes.php answers the latest of each list and the counts.
    ['likes.php (5,000 likes)', `${base}/api/likes.php`, headers],
  ];
  // BENCH_ONLY=<regex>: only the paths whose name matches.
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
  const rows: Array<[string, Awaited<ReturnType<typeof compare>>]> = [];
  for (const [name, url, caseHeaders] of cases)
    if (!only || only.test(name)) rows.push([name, await compare(bareUrl, url, caseHeaders)]);
  // Service time without queueing: one connection, one request at a time.
  const serial = only
    ? undefined
    : { page1: await measure(searchUrl, headers, 1), page50: await measure(cursorUrl, headers, 1) };
  server.child.disconnect();

  console.log(
    `\n${handle.dialect}, ${Number(members.count).toLocaleString('en')} members, ${SECONDS} rounds of 1 s per path alternating with the bare route, ${CONNECTIONS} connections, log at info to ${LOG_FILE}\n`,
  );
  console.log(
    'path'.padEnd(38),
    'req/s'.padStart(8),
    'bare'.padStart(8),
    'ratio'.padStart(6),
    'p50 ms'.padStart(7),
    'mean ms'.padStart(8),
    'p99 ms'.padStart(7),
    'errors'.padStart(7),
  );
  for (const [name, result] of rows)
    console.log(
      name.padEnd(38),
      result.rps.toFixed(0).padStart(8),
      result.bareRps.toFixed(0).padStart(8),
      (result.rps / result.bareRps).toFixed(2).padStart(6),
      String(result.p50).padStart(7),
      result.mean.toFixed(2).padStart(8),
      String(result.p99).padStart(7),
      String(result.errors).padStart(7),
    );
  if (!serial) return;
  const [, page1Result] = rows[0]!;
  const [, page50Result] = rows[1]!;
  // autocannon's percentiles are whole milliseconds: at 3-4 ms one step is a third, so the
  // page 50 target is read off the mean latency under load as well (same histogram, finer).
  console.log(
    `\nsearch vs bare: ${(page1Result.rps / page1Result.bareRps).toFixed(2)}× (target ≥ 0.15×); ` +
      `page 50 / page 1 under load: p50 ${(page50Result.p50 / page1Result.p50).toFixed(2)} (whole ms), ` +
      `mean ${(page50Result.mean / page1Result.mean).toFixed(2)} (target ≤ 1.2)`,
  );
  // One request at a time: the mean service time is the inverse of the rate.
  const serviceMs = (result: { rps: number }) => 1000 / result.rps;
  console.log(
    `one connection: page 1 ${serviceMs(serial.page1).toFixed(2)} ms (${serial.page1.rps.toFixed(0)} req/s), page 50 ${serviceMs(serial.page50).toFixed(2)} ms (${serial.page50.rps.toFixed(0)} req/s), ratio ${(serviceMs(serial.page50) / serviceMs(serial.page1)).toFixed(2)}`,
  );
}

if (process.env.BENCH_ROLE === 'server') await serve();
else await main();
