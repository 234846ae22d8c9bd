import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

/**
 * Instructions per request of the event-loop thread, counted by valgrind's callgrind: the
 * bare route and the app's cached and member reads, as ratios against the bare route.
 *
 * Why beside `npm run bench`: req/s and CPU time on a shared VM move by ±10–30 % between
 * minutes, more than most changes. The instruction count of the main thread moves by 0.2 %
 * between runs of the same code (V8's compiler threads are left out: their work depends on
 * timing), so it tells whether a change made a request cheaper. It counts no kernel time and
 * no waiting: the ratios are not the throughput ratios, which `npm run bench` measures.
 *
 * Each server runs under callgrind with counting off, is warmed up (V8 settles after tens of
 * thousands of requests), then counted over BENCH_REQUESTS. About three minutes a path.
 * Needs valgrind (`apt-get install valgrind`). docs/performance.md, "Instructions".
 */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 40_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CONNECTIONS = 50;

interface ServerInfo {
  port: number;
  memberCookie?: string;
  otherMemberId?: number;
}

interface Case {
  name: string;
  script: 'bare-server.ts' | 'bench-server.ts';
  path: string;
  cookie: (info: ServerInfo) => Promise<string>;
}

const none = () => Promise.resolve('');
/** The CSRF cookie a returning visitor's browser sends. */
async function visitorCookie({ port }: ServerInfo): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/user.php`, {
    headers: { host: 'localhost' },
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

const CASES: Case[] = [
  { name: 'bare route', script: 'bare-server.ts', path: '/hello', cookie: none },
  {
    name: 'GET /api/settings.php',
    script: 'bench-server.ts',
    path: '/api/settings.php',
    cookie: visitorCookie,
  },
  {
    name: 'GET /api/user.php (first visit, no cookie)',
    script: 'bench-server.ts',
    path: '/api/user.php',
    cookie: none,
  },
  {
    name: 'GET /api/user.php (member)',
    script: 'bench-server.ts',
    path: '/api/user.php',
    cookie: (info) => Promise.resolve(info.memberCookie ?? ''),
  },
  {
    name: 'GET /api/profile.php',
    script: 'bench-server.ts',
    path: '/api/profile.php',
    cookie: (info) => Promise.resolve(info.memberCookie ?? ''),
  },
  {
    name: 'GET /api/member.php',
    script: 'bench-server.ts',
    path: '/api/member.php?id={otherMemberId}',
    cookie: (info) => Promise.resolve(info.memberCookie ?? ''),
  },
];

/** The main thread's instructions over one dump of callgrind (one file per thread). */
function mainThreadInstructions(dir: string): number {
  for (const file of readdirSync(dir)) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (/^part: 1$/m.test(text) && /^thread: 1$/m.test(text)) {
      return Number(/^(?:summary|totals): (\d+)/m.exec(text)?.[1] ?? 0);
    }
  }
  throw new Error(`no dump of the main thread in ${dir}`);
}

async function instructionsPerRequest(entry: Case): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'callgrind-'));
  const server: ChildProcess = fork(join(import.meta.dirname, entry.script), [], {
    execPath: 'valgrind',
    execArgv: [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      `--callgrind-out-file=${dir}/out`,
      process.execPath,
      '--import',
      'tsx',
    ],
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  try {
    const info = await new Promise<ServerInfo>((resolve, reject) => {
      server.once('message', (message) => resolve(message as ServerInfo));
      server.once('exit', (code) => reject(new Error(`${entry.script} exited with ${code}`)));
    });
    const target = {
      url: `http://127.0.0.1:${info.port}${entry.path.replace('{otherMemberId}', String(info.otherMemberId))}`,
      headers: {
        host: 'localhost',
        'accept-encoding': 'gzip, deflate, br, zstd',
        cookie: await entry.cookie(info),
      },
      connections: CONNECTIONS,
      timeout: 60,
    };
    await autocannon({ ...target, amount: WARM_UP });
    const pid = String(server.pid);
    execFileSync('callgrind_control', ['--instr=on', pid], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['--zero', pid], { stdio: 'ignore' });
    const result = await autocannon({ ...target, amount: REQUESTS });
    execFileSync('callgrind_control', ['--dump', pid], { stdio: 'ignore' });
    if (result.non2xx + result.errors > 0) throw new Error(`${entry.name}: failed requests`);
    return mainThreadInstructions(dir) / result.requests.total;
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.disconnect();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const cases = CASES.filter(
  (entry) => entry.script === 'bare-server.ts' || !only || only.test(entry.name),
);
// Two at a time: callgrind runs each on one core, and the counts do not depend on timing.
const counts = new Map<string, number>();
for (let start = 0; start < cases.length; start += 2) {
  const pair = cases.slice(start, start + 2);
  const results = await Promise.all(pair.map(instructionsPerRequest));
  pair.forEach((entry, index) => counts.set(entry.name, results[index]!));
}

const bare = counts.get('bare route')!;
console.log(
  `\nInstructions per request on the event-loop thread (callgrind), ${REQUESTS} requests ` +
    `after ${WARM_UP} to warm up, ${CONNECTIONS} connections\n`,
);
console.log('path'.padEnd(44), 'k instr.'.padStart(9), '× bare'.padStart(7));
for (const [name, count] of counts) {
  console.log(
    name.padEnd(44),
    (count / 1000).toFixed(1).padStart(9),
    (count / bare).toFixed(2).padStart(7),
  );
}
