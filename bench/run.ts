import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { type CpuReading, addCpuBetween, readCpu } from './process-cpu';

/**
 * Throughput of every API read, as ratios against a bare Fastify route (figures, never
 * assertions: docs/performance.md). The app and the baseline each run in their own process,
 * as `npm start` does, so autocannon does not share their CPU. Each path is measured in
 * rounds of one second that alternate with the bare route, so a neighbour's load on a shared
 * machine weighs on both sides of each ratio. The run is repeated on PostgreSQL when
 * DATABASE_URL is set (BENCH_DATABASES=sqlite,postgres picks).
 */
const ROUNDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Issue 7 §4: ratio to the bare route, and for user.php a p99 at most 3× the bare route's.
const TARGETS: Record<string, { ratio: number; p99Factor?: number }> = {
  'GET /api/user.php (member)': { ratio: 0.35, p99Factor: 3 },
  'GET /api/settings.php': { ratio: 0.5 },
};
const DEFAULT_TARGET: { ratio: number; p99Factor?: number } = { ratio: 0.25 };

interface ServerInfo {
  port: number;
  dialect?: string;
  memberCookie?: string;
  otherMemberId?: number;
}

interface Window {
  requests: number;
  p99: number;
  errors: number;
  bytes: number;
  /** CPU seconds the server and the database used meanwhile (/proc; 0 elsewhere). */
  cpu: number;
}

interface Comparison {
  rps: number;
  bareRps: number;
  /** Server + database CPU per request, µs: steadier than req/s on a shared machine. */
  cpuPerRequest: number;
  bareCpuPerRequest: number;
  p99: number;
  bareP99: number;
  errors: number;
  bytes: number;
}

/**
 * A percentile of response times in ms, to the microsecond. autocannon's own histogram keeps
 * whole milliseconds, and the bare route's p99 is 1–2 ms: rounded, the p99 factor (target
 * ≤ 3×) swung between 2× and 5× for the same server from one run to the next.
 */
function percentile(times: number[], fraction: number): number {
  if (times.length === 0) return 0;
  const sorted = Float64Array.from(times).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function window(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  serverPid = 0,
): Promise<Window> {
  const before = readCpu(serverPid);
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = { url, connections: CONNECTIONS, duration: seconds, headers };
    const run = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    run.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode < 300) times.push(responseTime);
    });
  });
  const used: CpuReading = new Map();
  addCpuBetween(used, before, readCpu(serverPid));
  return {
    requests: result.requests.total,
    p99: percentile(times, 0.99),
    errors: result.non2xx + result.errors + result.timeouts,
    bytes: result.throughput.total,
    cpu: (used.get('server') ?? 0) + (used.get('database') ?? 0),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** Alternates one-second windows of the path and of the bare route, after a warm-up. */
async function compare(
  bareUrl: string,
  url: string,
  headers: Record<string, string>,
  pids: { bare: number; app: number },
) {
  await window(url, headers, 1);
  const app: Window[] = [];
  const bare: Window[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bare.push(await window(bareUrl, {}, 1, pids.bare));
    app.push(await window(url, headers, 1, pids.app));
  }
  const sum = (windows: Window[], field: keyof Window) =>
    windows.reduce((total, entry) => total + entry[field], 0);
  const perRequest = (windows: Window[]) =>
    (sum(windows, 'cpu') * 1e6) / Math.max(sum(windows, 'requests'), 1);
  return {
    rps: sum(app, 'requests') / ROUNDS,
    bareRps: sum(bare, 'requests') / ROUNDS,
    cpuPerRequest: perRequest(app),
    bareCpuPerRequest: perRequest(bare),
    p99: median(app.map((entry) => entry.p99)),
    bareP99: median(bare.map((entry) => entry.p99)),
    errors: sum(app, 'errors'),
    bytes: sum(app, 'bytes') / Math.max(sum(app, 'requests'), 1),
  } satisfies Comparison;
}

function startServer(script: string, env: NodeJS.ProcessEnv): Promise<[ChildProcess, ServerInfo]> {
  const child = fork(join(import.meta.dirname, script), [], {
    env,
    execArgv: ['--import', 'tsx'],
    // The app's request log goes where an operator's would: out of the process, unread here.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (info) => resolve([child, info as ServerInfo]));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  await exited;
}

/** The cookie a returning visitor's browser sends: the CSRF cookie the app set. */
async function visitorCookies(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/user.php`, { headers: { host: 'localhost' } });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

/** The web app's main script (its largest), when the app has been built. */
function builtMainChunk(): string | undefined {
  const dir = 'dist/web/assets';
  if (!existsSync(dir)) return undefined;
  const [main] = readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size);
  return main ? `/assets/${main}` : undefined;
}

async function benchmark(dialect: 'sqlite' | 'postgres') {
  const env = { ...process.env };
  if (dialect === 'sqlite') delete env.DATABASE_URL;
  const [bare, bareInfo] = await startServer('bare-server.ts', env);
  const [app, info] = await startServer('bench-server.ts', env);
  const origin = `http://127.0.0.1:${info.port}`;
  // What Chromium sends with every call: the site's host, its cookies, the encodings it takes.
  const browser = { host: 'localhost', 'accept-encoding': 'gzip, deflate, br, zstd' };
  const visitor = { ...browser, cookie: await visitorCookies(origin) };
  const member = { ...browser, cookie: info.memberCookie ?? '' };
  const cases: [string, string, Record<string, string>][] = [
    ['GET /api/settings.php', '/api/settings.php', visitor],
    ['GET /api/companyinfo.php', '/api/companyinfo.php', visitor],
    ['GET /api/interests.php', '/api/interests.php', visitor],
    ['GET /api/regions.php (16 countries)', '/api/regions.php', visitor],
    ['GET /api/featured.php (visitor)', '/api/featured.php', visitor],
    ['GET /api/featured.php (member)', '/api/featured.php', member],
    ['GET /api/user.php (visitor)', '/api/user.php', visitor],
    ['GET /api/user.php (first visit, no cookie)', '/api/user.php', browser],
    ['GET /api/user.php (member)', '/api/user.php', member],
    ['GET /api/account.php', '/api/account.php', member],
    ['GET /api/profile.php', '/api/profile.php', member],
    ['GET /api/member.php', `/api/member.php?id=${info.otherMemberId}`, member],
    ['GET /api/blocks.php', '/api/blocks.php', member],
    ['GET /api/signup-matches.php', '/api/signup-matches.php', member],
  ];
  const mainChunk = builtMainChunk();
  if (mainChunk) {
    cases.push(['GET / (the app page)', '/', visitor]);
    cases.push(['GET the main script', mainChunk, visitor]);
  }

  const bareUrl = `http://127.0.0.1:${bareInfo.port}/hello`;
  const rows: [string, Comparison][] = [];
  // BENCH_ONLY=<regular expression>: only the paths whose name matches (while working on one).
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
  for (const [name, path, headers] of cases.filter(([name]) => !only || only.test(name))) {
    rows.push([
      name,
      await compare(bareUrl, `${origin}${path}`, headers, { bare: bare.pid!, app: app.pid! }),
    ]);
  }
  // BENCH_PROFILE=file.cpuprofile: the app's CPU profile over 5 s of calls to one path,
  // member user.php or the first whose name matches BENCH_PROFILE_CASE.
  if (process.env.BENCH_PROFILE) {
    const wanted = new RegExp(process.env.BENCH_PROFILE_CASE ?? 'user\\.php \\(member');
    const [profiled, profiledPath, profiledHeaders] = cases.find(([name]) => wanted.test(name))!;
    const file = `${process.env.BENCH_PROFILE.replace(/\.cpuprofile$/, '')}-${dialect}.cpuprofile`;
    const ask = (profile: string) =>
      new Promise((resolve) => {
        app.once('message', resolve);
        app.send({ profile });
      });
    await ask('start');
    await window(`${origin}${profiledPath}`, profiledHeaders, 5);
    await ask(resolve(file));
    console.log(`CPU profile of ${profiled}: ${file}`);
  }
  await stopServer(app);
  await stopServer(bare);

  const bareRps = median(rows.map(([, row]) => row.bareRps));
  const bareP99 = median(rows.map(([, row]) => row.bareP99));
  const bareCpu = median(rows.map(([, row]) => row.bareCpuPerRequest));
  console.log(
    `\n${info.dialect}: ${CONNECTIONS} connections, ${ROUNDS} rounds of 1 s per path, ` +
      `${cpus().length} cores; bare route ${bareRps.toFixed(0)} req/s, p99 ${bareP99.toFixed(2)} ms, ` +
      `${bareCpu > 0 ? `${bareCpu.toFixed(0)} µs of CPU a request` : 'CPU not measured (no /proc)'}\n` +
      `(CPU µs: the app's and the database's CPU per request; CPU ×: against the bare ` +
      `route's in the same rounds. Steadier than req/s on a shared machine; no target.)\n`,
  );
  console.log(
    'path'.padEnd(44),
    'req/s'.padStart(7),
    'ratio'.padStart(6),
    'target'.padStart(7),
    'p99 ms'.padStart(7),
    'p99 ×'.padStart(6),
    'bytes'.padStart(7),
    'errors'.padStart(7),
    'CPU µs'.padStart(7),
    'CPU ×'.padStart(6),
  );
  let missed = 0;
  for (const [name, row] of rows) {
    const ratio = row.rps / row.bareRps;
    const p99Factor = row.p99 / Math.max(row.bareP99, 0.001);
    const target = name.includes('/api/') ? (TARGETS[name] ?? DEFAULT_TARGET) : undefined;
    const met =
      !target ||
      (ratio >= target.ratio &&
        row.errors === 0 &&
        (target.p99Factor === undefined || p99Factor <= target.p99Factor));
    if (!met) missed += 1;
    console.log(
      name.padEnd(44),
      row.rps.toFixed(0).padStart(7),
      ratio.toFixed(2).padStart(6),
      (target ? `${target.ratio.toFixed(2)}${met ? ' ' : '!'}` : '').padStart(7),
      row.p99.toFixed(2).padStart(7),
      p99Factor.toFixed(1).padStart(6),
      row.bytes.toFixed(0).padStart(7),
      String(row.errors).padStart(7),
      // Without /proc (not Linux) nothing was read: a dash, not a measured zero.
      (row.bareCpuPerRequest > 0 ? row.cpuPerRequest.toFixed(0) : '–').padStart(7),
      (row.bareCpuPerRequest > 0
        ? (row.cpuPerRequest / row.bareCpuPerRequest).toFixed(1)
        : '–'
      ).padStart(6),
    );
  }
  console.log(missed === 0 ? '\nevery target met' : `\n${missed} target(s) missed (marked !)`);
}

const dialects = (
  process.env.BENCH_DATABASES ?? (process.env.DATABASE_URL ? 'sqlite,postgres' : 'sqlite')
)
  .split(',')
  .map((name) => name.trim()) as ('sqlite' | 'postgres')[];
for (const dialect of dialects) {
  if (dialect === 'postgres' && !process.env.DATABASE_URL) {
    console.error('BENCH_DATABASES names postgres, but DATABASE_URL is not set');
    process.exit(1);
  }
  await benchmark(dialect);
}
