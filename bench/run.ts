import { cpus } from 'node:os';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import { authApi } from '@contract/endpoints/auth';
import { chatApi } from '@contract/endpoints/chat';
import { membersApi } from '@contract/endpoints/members';
import { type AppProcess, startApp, startBare } from './app-process';
import { type BenchDatabase, type Dialect, freshDatabase, keptDatabase } from './bench-database';
import { type BenchMember, inParallel, logIn, openSocket } from './bench-members';
import {
  type Comparison,
  type Window,
  alternate,
  fixedWindow,
  mixWindow,
  percentile,
} from './load-window';
import type { Role } from './process-cpu';
import { sqlCostOf } from './sql-cost';
import { ACTIONS, type Action, type World, headersOf, pickAction } from './traffic-mix';

/**
 * `npm run bench` (issue 24 item 4; figures, never assertions: docs/performance.md): traffic
 * like real members', against a bare Fastify route measured in alternating rounds.
 *
 * Mix: BENCH_MEMBERS members (10,000) are seeded, BENCH_LOGINS of them (2,000) log in and open
 * their socket, and every call of the load generator is made by a random one of them, of a
 * kind drawn by the web client's weights (bench/traffic-mix.ts). Then each kind alone, the
 * same way, and the one-cookie "hot path". Search: BENCH_SEARCH_MEMBERS (1,000,000) members,
 * random filters. On SQLite, then on PostgreSQL + Redis when DATABASE_URL (and REDIS_URL) are
 * set; the app runs as `npm start` runs it (bench/app-process.ts), its log in BENCH_LOG_DIR.
 *
 * BENCH_QUICK=1: a smoke run of a minute or two (fewer members, one round, no 1,000,000).
 * BENCH_DATABASES=sqlite,postgres, BENCH_PARTS=mix,search pick; BENCH_SECONDS (rounds, 5),
 * BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (5), BENCH_SAMPLES (calls per statement count).
 */
const QUICK = process.env.BENCH_QUICK === '1';
const setting = (name: string, full: number, quick: number) =>
  Number(process.env[name] ?? (QUICK ? quick : full));
const MEMBERS = setting('BENCH_MEMBERS', 10_000, 2_000);
const LOGINS = setting('BENCH_LOGINS', 2_000, 100);
const SEARCH_MEMBERS = setting('BENCH_SEARCH_MEMBERS', 1_000_000, 20_000);
const SEARCH_LOGINS = setting('BENCH_SEARCH_LOGINS', 200, 20);
const ROUNDS = setting('BENCH_SECONDS', 5, 1);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 50, 50);
const WARMUP_SECONDS = setting('BENCH_WARMUP_SECONDS', 5, 1);
const SAMPLES = setting('BENCH_SAMPLES', 100, 10);
/** Messages each online member sends before the measuring, so chats.php lists conversations. */
const HISTORY = setting('BENCH_HISTORY', 2, 1);
const LOG_DIR = process.env.BENCH_LOG_DIR ?? tmpdir();

// Issue 24 item 4.
const TARGET = { mixRatio: 0.15, pathRatio: 0.05, mixP99: 50, searchStatements: 3, searchDbMs: 2 };

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const count = (value: number) => value.toLocaleString('en');

interface Row {
  name: string;
  share?: string;
  comparison: Comparison;
  /** p99 of this kind of call inside the mix. */
  p99InMix?: number;
  cost?: { statements: number; dbMs: number };
  target?: number;
}

/** Answers per second that were not errors: a shed request (503) is quick and serves no one. */
const rate = (window: Window) => (window.all.requests - window.all.errors) / window.seconds;

function printRows(rows: Row[]) {
  const bareRate = rows.map((row) => rate(row.comparison.bare));
  const bareP99 = rows.map((row) => percentile(row.comparison.bare.all.times, 0.99));
  const mid = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
  console.log(
    `bare route: ${mid(bareRate).toFixed(0)} req/s, p99 ${mid(bareP99).toFixed(2)} ms (medians over the rows)\n`,
  );
  console.log(
    'calls'.padEnd(40),
    'share'.padStart(5),
    'req/s'.padStart(7),
    'ratio'.padStart(6),
    'target'.padStart(7),
    'p99 ms'.padStart(7),
    'in mix'.padStart(7),
    'SQL/req'.padStart(8),
    'DB ms'.padStart(6),
    'app µs'.padStart(7),
    'DB µs'.padStart(6),
    'errors'.padStart(7),
  );
  for (const row of rows) {
    const { app, bare } = row.comparison;
    const ratio = rate(app) / Math.max(rate(bare), 1);
    const answered = Math.max(app.all.requests - app.all.errors, 1);
    const cpuOf = (...roles: Role[]) =>
      app.cpu && app.cpu.size > 0
        ? (
            (roles.reduce((sum, role) => sum + (app.cpu!.get(role) ?? 0), 0) * 1e6) /
            answered
          ).toFixed(0)
        : '–';
    const failures = [...app.all.failures].map(([status, n]) => `${n}×${status}`).join(' ');
    console.log(
      row.name.padEnd(40),
      (row.share ?? '').padStart(5),
      rate(app).toFixed(0).padStart(7),
      ratio.toFixed(3).padStart(6),
      (row.target === undefined
        ? ''
        : `${row.target.toFixed(2)}${ratio >= row.target ? ' ' : '!'}`
      ).padStart(7),
      percentile(app.all.times, 0.99).toFixed(1).padStart(7),
      (row.p99InMix === undefined ? '' : row.p99InMix.toFixed(1)).padStart(7),
      (row.cost ? row.cost.statements.toFixed(1) : '').padStart(8),
      (row.cost ? row.cost.dbMs.toFixed(2) : '').padStart(6),
      cpuOf('server').padStart(7),
      cpuOf('database', 'Redis').padStart(6),
      (failures || '0').padStart(7),
    );
  }
}

async function logInAll(origin: string, members: Array<{ id: number; email: string }>) {
  const started = performance.now();
  const online = await inParallel(members, 8, (member, index) => logIn(origin, member, index));
  console.log(`${count(online.length)} members logged in (${seconds(started)}, argon2 each)`);
  return online;
}

/** Spreads `wanted` members over the loggable ones, as the online ones of a real site are. */
function spread<T>(items: T[], wanted: number): T[] {
  const step = Math.max(1, Math.floor(items.length / wanted));
  return items.filter((_, index) => index % step === 0).slice(0, wanted);
}

async function mixPart(dialect: Dialect) {
  let started = performance.now();
  const database = await freshDatabase(dialect, MEMBERS);
  console.log(
    `\n=== ${dialect}: the mix; ${count(MEMBERS)} members seeded in ${database.seedSeconds.toFixed(1)} s`,
  );
  const bare = await startBare();
  const app = await startApp(database.env, join(LOG_DIR, `bench-${dialect}.log`));
  const sockets: WebSocket[] = [];
  try {
    const online = await logInAll(app.origin, spread(database.loggable, LOGINS));
    const world: World = { online, visibleIds: database.visibleIds, inFlight: new Map() };
    const delivered: number[] = [];
    started = performance.now();
    sockets.push(
      ...(await inParallel(online, 50, (member) =>
        openSocket(app.origin, member, (text) => {
          const sentAt = world.inFlight.get(text);
          if (sentAt === undefined) return;
          world.inFlight.delete(text);
          delivered.push(performance.now() - sentAt);
        }),
      )),
    );
    console.log(`${count(sockets.length)} sockets open (${seconds(started)})`);
    await history(app, world);

    // Statement counts first, while nothing else runs (after a load window the app may still
    // be answering its backlog).
    const costs = new Map<string, Awaited<ReturnType<typeof sqlCostOf>>>();
    for (const action of ACTIONS)
      costs.set(action.name, await sqlCostOf(app, world, action, SAMPLES));
    const bareWindow = (span: number) => fixedWindow(bare.url, {}, span, CONNECTIONS);
    const kinds = (actions: Action[]) => (span: number) =>
      mixWindow(app.origin, world, actions, pickAction, span, CONNECTIONS);
    started = performance.now();
    const mix = await alternate(
      ROUNDS,
      WARMUP_SECONDS,
      bareWindow,
      kinds(ACTIONS),
      app.readSql,
      app.child.pid!,
    );
    const rows: Row[] = [
      {
        name: 'the mix',
        comparison: mix,
        target: TARGET.mixRatio,
        cost: {
          statements: mix.app.sql!.statements / Math.max(mix.app.all.requests, 1),
          dbMs: mix.app.sql!.dbMs / Math.max(mix.app.all.requests, 1),
        },
      },
    ];
    for (const action of ACTIONS) {
      const alone = await alternate(
        ROUNDS,
        1,
        bareWindow,
        kinds([action]),
        app.readSql,
        app.child.pid!,
      );
      rows.push({
        name: action.name,
        share: `${action.weight}%`,
        comparison: alone,
        p99InMix: percentile(mix.app.byAction.get(action.name)?.times ?? [], 0.99),
        cost: costs.get(action.name),
        target: TARGET.pathRatio,
      });
    }
    // The one-cookie figure of earlier benches: every connection the same member's user.php.
    const [first] = online;
    const hot = await alternate(
      ROUNDS,
      1,
      bareWindow,
      (span) =>
        fixedWindow(
          `${app.origin}${authApi.user.path}`,
          headersOf(first!, { method: 'GET', path: authApi.user.path }),
          span,
          CONNECTIONS,
        ),
      app.readSql,
      app.child.pid!,
    );
    rows.push({ name: 'hot path: user.php, one cookie', comparison: hot });
    const measuredIn = seconds(started);
    // Stragglers: a socket delivery may still be on its way.
    for (let wait = 0; wait < 50 && world.inFlight.size > 0; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));

    console.log(
      `\n${dialect}: ${CONNECTIONS} connections, ${ROUNDS} round(s) of 1 s per row alternating with ` +
        `the bare route (measured in ${measuredIn}), ${cpus().length} cores; ` +
        `SQL/req and DB ms: medians of ${SAMPLES} calls one at a time (the mix: its own average), ` +
        `DB ms being the time the app waited for its driver; app µs and DB µs: CPU of the app's ` +
        `process and of PostgreSQL + Redis (every process of theirs on the machine) per answer`,
    );
    printRows(rows);
    const mixP99 = percentile(mix.app.all.times, 0.99);
    console.log(
      `\nmix p99 ${mixP99.toFixed(1)} ms (target ≤ ${TARGET.mixP99}${mixP99 <= TARGET.mixP99 ? '' : '!'}); ` +
        `chat: ${count(delivered.length)} messages reached the recipient's socket, ` +
        `${count(world.inFlight.size)} did not (refused sends included); ` +
        `send to socket p99 ${percentile(delivered, 0.99).toFixed(1)} ms`,
    );
  } finally {
    for (const socket of sockets) socket.terminate();
    await app.stop();
    await bare.stop();
    await database.drop();
  }
}

/** Each online member sends HISTORY texts, so the chat lists are not empty. */
async function history(app: AppProcess, world: World) {
  const send = ACTIONS.find((action) => action.endpoint === chatApi.send)!;
  const started = performance.now();
  const senders = world.online.flatMap((member) => Array<BenchMember>(HISTORY).fill(member));
  const refused = new Map<number, number>();
  await inParallel(senders, 16, async (member) => {
    const call = send.call(member, world);
    // A shed request (503, http/load-shedding.ts) is sent again after its Retry-After, as the
    // web client's send queue does; the same idempotency key makes the retry one message.
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(`${app.origin}${call.path}`, {
        method: call.method,
        headers: headersOf(member, call),
        body: call.body!,
      });
      await response.arrayBuffer();
      if (response.ok) return;
      if (response.status !== 503 || attempt === 20) {
        refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
        return;
      }
      const wait = Number(response.headers.get('retry-after') ?? 1);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait) * 1000));
    }
  });
  if (refused.size > 0)
    throw new Error(`history messages refused, by status: ${JSON.stringify([...refused])}`);
  console.log(`${count(senders.length)} messages of history sent (${seconds(started)})`);
}

async function searchPart(dialect: Dialect) {
  const database: BenchDatabase = await keptDatabase(dialect, SEARCH_MEMBERS);
  console.log(
    `\n=== ${dialect}: search over ${count(SEARCH_MEMBERS)} members; ` +
      (database.seedSeconds > 0
        ? `seeded in ${database.seedSeconds.toFixed(0)} s`
        : 'an earlier run’s seed reused'),
  );
  const bare = await startBare();
  const app = await startApp(database.env, join(LOG_DIR, `bench-search-${dialect}.log`));
  try {
    const online = await logInAll(app.origin, spread(database.loggable, SEARCH_LOGINS));
    const world: World = { online, visibleIds: database.visibleIds, inFlight: new Map() };
    const search = ACTIONS.find((action) => action.endpoint === membersApi.search)!;
    const cost = await sqlCostOf(app, world, search, SAMPLES * 2);
    const comparison = await alternate(
      ROUNDS,
      WARMUP_SECONDS,
      (span) => fixedWindow(bare.url, {}, span, CONNECTIONS),
      (span) => mixWindow(app.origin, world, [search], pickAction, span, CONNECTIONS),
      app.readSql,
      app.child.pid!,
    );
    printRows([{ name: 'GET /api/search.php, random filters', comparison, cost }]);
    console.log(
      `\nsearch at the median: ${cost.statements} statements (target ≤ ${TARGET.searchStatements}` +
        `${cost.statements <= TARGET.searchStatements ? '' : '!'}), ${cost.dbMs.toFixed(2)} ms of ` +
        `database time (target ≤ ${TARGET.searchDbMs}${cost.dbMs <= TARGET.searchDbMs ? '' : '!'}); ` +
        `mean ${cost.dbMsMean.toFixed(2)} ms, p90 ${cost.dbMsP90.toFixed(2)} ms; the slowest calls:\n` +
        cost.slowest.map(({ ms, path }) => `  ${ms.toFixed(1)} ms  ${path}`).join('\n'),
    );
  } finally {
    await app.stop();
    await bare.stop();
    await database.drop();
  }
}

const dialects = (
  process.env.BENCH_DATABASES ?? (process.env.DATABASE_URL ? 'sqlite,postgres' : 'sqlite')
)
  .split(',')
  .map((name) => name.trim()) as Dialect[];
const parts = (process.env.BENCH_PARTS ?? 'mix,search').split(',').map((name) => name.trim());
for (const dialect of dialects) {
  if (dialect === 'postgres' && !process.env.DATABASE_URL) {
    console.error('BENCH_DATABASES names postgres, but DATABASE_URL is not set');
    process.exit(1);
  }
  if (parts.includes('mix')) await mixPart(dialect);
  if (parts.includes('search')) await searchPart(dialect);
}
