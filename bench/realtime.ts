import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { SOCKET_PATH, type ServerFrame } from '@contract/events';
import { chatApi } from '@contract/endpoints/chat';
import { type CpuReading, addCpuBetween, describeCpuPerMessage, readCpu } from './process-cpu';

/**
 * Realtime delivery (issue 9, Performance), as ratios against baselines measured in the same
 * run (figures, never assertions: docs/performance.md, "Realtime"):
 *  (a) send → recipient socket: messages per second and p99 of POST /api/chat-message.php until
 *      the recipient's socket has the message, against a bare `ws` relay (HTTP POST in, frame
 *      out) under the same closed-loop load; after BENCH_WARMUP_SECONDS of load on each, windows
 *      of 1 s alternate between the two;
 *  (b) idle sockets: memory of BENCH_IDLE_SOCKETS open sockets in the app against as many
 *      bare `ws` connections (heap + external after GC, and RSS);
 *  (c) with PostgreSQL + Redis: a second instance on the same schema; every message reaches
 *      the recipient's socket on instance A (single instance) and the one on instance B
 *      (across Redis) at once, so the two p99s come from the very same sends.
 * The app runs as `npm start` would (production, request log on, SQLite file or PostgreSQL),
 * on SQLite and then on PostgreSQL + Redis when DATABASE_URL and REDIS_URL are set.
 */
const ROUNDS = Number(process.env.BENCH_SECONDS ?? 5);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 100);
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 5000);
const STEADY_RATE = Number(process.env.BENCH_STEADY_RATE ?? 50);
// Before the windows, each side runs this long: the app's code (and the load generator's)
// needs several seconds of load before V8 has optimized it (docs/performance.md).
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const TARGETS = { rate: 0.5, p99: 2, memory: 1.5, crossP99: 1.5 };

interface Member {
  id: number;
  token: string;
}
interface AppInfo {
  port: number;
  dialect: string;
  schema: string;
  dataDir: string;
  members: Member[];
}
interface Memory {
  memory: NodeJS.MemoryUsage;
  sockets: number;
}

function start<T>(script: string, env: NodeJS.ProcessEnv): Promise<[ChildProcess, T]> {
  const child = fork(join(import.meta.dirname, script), [], {
    env,
    // BENCH_CPU_PROF=<dir>: each child writes a CPU profile there when it stops.
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (info) => resolve([child, info as T]));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  await exited;
}

function memoryOf(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      if (typeof message === 'object' && message && 'memory' in message) {
        child.off('message', listener);
        resolve(message as Memory);
      }
    };
    child.on('message', listener);
    child.send({ memory: true });
  });
}

interface LoopFigures {
  p99: number;
  max: number;
  busyMs: number;
  cpuMs: number;
  wallMs: number;
}

function loopDelayOf(child: ChildProcess): Promise<LoopFigures> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      if (typeof message === 'object' && message && 'loop' in message) {
        child.off('message', listener);
        resolve((message as { loop: LoopFigures }).loop);
      }
    };
    child.on('message', listener);
    child.send({ loop: 'read' });
  });
}

/** One way to deliver: how a sender sends a text, how a recipient's socket opens and reads. */
interface Delivery {
  send(pair: number, text: string): Promise<boolean>;
  open(pair: number, onText: (text: string) => void): Promise<WebSocket>;
}

function opened(socket: WebSocket, ready: (data: string) => boolean): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`socket refused: ${response.statusCode}`)),
    );
    const onMessage = (data: WebSocket.RawData) => {
      if (!ready(String(data))) return;
      socket.off('message', onMessage);
      resolve(socket);
    };
    socket.on('message', onMessage);
  });
}

function bareDelivery(port: number): Delivery {
  return {
    async send(pair, text) {
      const response = await fetch(`http://127.0.0.1:${port}/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: pair, text }),
      });
      await response.text();
      return response.ok;
    },
    async open(pair, onText) {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/?id=${pair}`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.on('message', (data) => onText((JSON.parse(String(data)) as { text: string }).text));
      return socket;
    },
  };
}

async function csrfCookieOf(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/settings.php`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('__Host-csrf='));
  await response.text();
  return cookie!.split(';')[0]!.slice('__Host-csrf='.length);
}

/** Pair i: member 2i sends through `sendPort` to member 2i+1, whose socket is on `socketPort`. */
async function appDelivery(members: Member[], sendPort: number, socketPort: number) {
  const csrf = await csrfCookieOf(sendPort);
  const sender = (pair: number) => members[2 * pair]!;
  const recipient = (pair: number) => members[2 * pair + 1]!;
  const delivery: Delivery = {
    async send(pair, text) {
      const response = await fetch(`http://127.0.0.1:${sendPort}${chatApi.send.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `__Host-sid=${sender(pair).token}; __Host-csrf=${csrf}`,
          'x-csrf-token': csrf,
        },
        body: JSON.stringify({
          kind: 'text',
          to: recipient(pair).id,
          client_key: randomBytes(12).toString('base64url'),
          text,
        }),
      });
      await response.text();
      return response.ok;
    },
    open: (pair, onText) => openAppSocket(socketPort, recipient(pair), onText),
  };
  return delivery;
}

async function openAppSocket(port: number, member: Member, onText?: (text: string) => void) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${SOCKET_PATH}`, {
    headers: { cookie: `__Host-sid=${member.token}`, origin: `https://127.0.0.1:${port}` },
  });
  socket.once('open', () => socket.send(JSON.stringify({ type: 'resume', after_seq: 0 })));
  await opened(socket, (data) => data.includes('"ready"'));
  if (onText)
    socket.on('message', (data) => {
      // JSON only: the client's schema check would weigh on the app's side of the ratio.
      const frame = JSON.parse(String(data)) as ServerFrame;
      if ('event' in frame && frame.event.type === 'message.new')
        onText(frame.event.message.text ?? '');
    });
  return socket;
}

let counter = 0;

interface Window {
  delivered: number[];
  errors: number;
}

/**
 * PAIRS senders each send, wait for the answer and send again, for `seconds`; each listener
 * (a set of recipient sockets) notes when each text arrives. Waits for the stragglers.
 */
async function measure(
  delivery: Delivery,
  listeners: Array<(onText: (text: string) => void) => void>,
  seconds: number,
  perSecond?: number,
): Promise<Window[]> {
  const sentAt = new Map<string, number>();
  const windows: Window[] = listeners.map(() => ({ delivered: [], errors: 0 }));
  const pending = listeners.map(() => new Set<string>());
  listeners.forEach((listen, index) =>
    listen((text) => {
      const at = sentAt.get(text);
      if (at === undefined || !pending[index]!.delete(text)) return;
      windows[index]!.delivered.push(performance.now() - at);
    }),
  );
  const end = performance.now() + seconds * 1000;
  let errors = 0;
  const sendOne = async (pair: number) => {
    const text = `b${pair}-${(counter += 1)}`;
    sentAt.set(text, performance.now());
    for (const set of pending) set.add(text);
    if (!(await delivery.send(pair, text))) {
      errors += 1;
      for (const set of pending) set.delete(text);
    }
  };
  if (perSecond === undefined) {
    // Closed loop: each sender sends again as soon as it has its answer.
    await Promise.all(
      Array.from({ length: PAIRS }, async (_, pair) => {
        while (performance.now() < end) await sendOne(pair);
      }),
    );
  } else {
    // Open loop at a steady rate, well below capacity: latency without queueing.
    const sends: Promise<void>[] = [];
    const started = performance.now();
    let sent = 0;
    while (performance.now() < end) {
      const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
      for (; sent < due; sent += 1) sends.push(sendOne(sent % PAIRS));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(sends);
  }
  const deadline = performance.now() + 5_000;
  while (pending.some((set) => set.size > 0) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  for (const window of windows) window.errors = errors;
  return windows;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

/** Recipient sockets of every pair, all handing their texts to the current window's listener. */
async function recipients(delivery: Delivery) {
  let current: (text: string) => void = () => undefined;
  const sockets: WebSocket[] = [];
  for (let pair = 0; pair < PAIRS; pair += 1)
    sockets.push(await delivery.open(pair, (text) => current(text)));
  return {
    listen: (onText: (text: string) => void) => {
      current = onText;
    },
    close: () => sockets.forEach((socket) => socket.terminate()),
  };
}

interface Totals {
  latencies: number[];
  delivered: number;
  errors: number;
}
const totals = (): Totals => ({ latencies: [], delivered: 0, errors: 0 });
function add(into: Totals, window: Window) {
  into.latencies.push(...window.delivered);
  into.delivered += window.delivered.length;
  into.errors += window.errors;
}

async function openIdle(count: number, open: (index: number) => Promise<WebSocket>) {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += 250) {
    const batch = Array.from({ length: Math.min(250, count - start) }, (_, i) => open(start + i));
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

async function idleMemory(child: ChildProcess, open: (index: number) => Promise<WebSocket>) {
  const before = await memoryOf(child);
  const sockets = await openIdle(IDLE_SOCKETS, open);
  const after = await memoryOf(child);
  for (const socket of sockets) socket.terminate();
  const heap = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.external;
  return {
    heapPerSocket: (heap(after.memory) - heap(before.memory)) / IDLE_SOCKETS,
    rssPerSocket: (after.memory.rss - before.memory.rss) / IDLE_SOCKETS,
    sockets: after.sockets,
  };
}

const sumOf = (figures: LoopFigures[], field: 'busyMs' | 'cpuMs' | 'wallMs') =>
  figures.reduce((total, figure) => total + figure[field], 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

async function benchmark(dialect: 'sqlite' | 'postgres') {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BENCH_MEMBERS: String(Math.max(2 * PAIRS, IDLE_SOCKETS)),
  };
  if (dialect === 'sqlite') {
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
  }
  const [bare, bareInfo] = await start<{ port: number }>('bare-relay.ts', env);
  const [app, info] = await start<AppInfo>('realtime-server.ts', env);
  const bareWay = bareDelivery(bareInfo.port);
  const appWay = await appDelivery(info.members, info.port, info.port);
  const [bareSockets, appSockets] = [await recipients(bareWay), await recipients(appWay)];

  // (a) rate and p99, alternating 1-second windows after a warm-up of each.
  await measure(bareWay, [bareSockets.listen], WARMUP_SECONDS);
  await measure(appWay, [appSockets.listen], WARMUP_SECONDS);
  const [bareTotals, appTotals] = [totals(), totals()];
  const bareCpu: CpuReading = new Map();
  const appCpu: CpuReading = new Map();
  const cpuOf = async (server: ChildProcess, into: CpuReading, run: () => Promise<Window[]>) => {
    const before = readCpu(server.pid!);
    const windows = await run();
    addCpuBetween(into, before, readCpu(server.pid!));
    return windows[0]!;
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    add(bareTotals, await cpuOf(bare, bareCpu, () => measure(bareWay, [bareSockets.listen], 1)));
    add(appTotals, await cpuOf(app, appCpu, () => measure(appWay, [appSockets.listen], 1)));
  }
  // (a) again at a steady STEADY_RATE messages a second: the latency of one delivery, and
  // how long the app's event loop was held up meanwhile.
  const [bareSteady, appSteady] = [totals(), totals()];
  const loopDelays: LoopFigures[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    add(bareSteady, (await measure(bareWay, [bareSockets.listen], 1, STEADY_RATE))[0]!);
    app.send({ loop: 'reset' });
    add(appSteady, (await measure(appWay, [appSockets.listen], 1, STEADY_RATE))[0]!);
    loopDelays.push(await loopDelayOf(app));
  }
  bareSockets.close();
  appSockets.close();

  // (c) a second instance on the same schema and Redis: each send reaches A and B.
  let cross: { single: number; cross: number; delivered: number } | undefined;
  if (info.dialect === 'postgres' && env.REDIS_URL) {
    const [second, secondInfo] = await start<AppInfo>('realtime-server.ts', {
      ...env,
      BENCH_ATTACH: info.schema,
      BENCH_DATA_DIR: info.dataDir,
    });
    const onA = await recipients(appWay);
    const onB = await recipients(await appDelivery(info.members, info.port, secondInfo.port));
    await measure(appWay, [onA.listen, onB.listen], 1);
    const [single, across] = [totals(), totals()];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [a, b] = await measure(appWay, [onA.listen, onB.listen], 1);
      add(single, a!);
      add(across, b!);
    }
    onA.close();
    onB.close();
    await stop(second);
    cross = {
      single: percentile(single.latencies, 0.99),
      cross: percentile(across.latencies, 0.99),
      delivered: across.delivered,
    };
  }

  // (b) idle sockets.
  const bareIdle = await idleMemory(bare, (index) =>
    bareWay.open(100_000 + index, () => undefined),
  );
  const appIdle = await idleMemory(app, (index) => openAppSocket(info.port, info.members[index]!));
  await stop(app);
  await stop(bare);

  const rate = (t: Totals) => t.delivered / ROUNDS;
  const [appP99, bareP99] = [
    percentile(appTotals.latencies, 0.99),
    percentile(bareTotals.latencies, 0.99),
  ];
  const rateRatio = rate(appTotals) / rate(bareTotals);
  const p99Factor = appP99 / Math.max(bareP99, 0.001);
  const memoryFactor = appIdle.heapPerSocket / bareIdle.heapPerSocket;
  console.log(
    `\n${info.dialect}${env.REDIS_URL && info.dialect === 'postgres' ? ' + Redis' : ''}: ` +
      `${PAIRS} senders in a closed loop, ${ROUNDS} windows of 1 s each, ${cpus().length} cores`,
  );
  console.log(
    `(a) bare ws relay   ${rate(bareTotals).toFixed(0)} msg/s, p99 ${bareP99.toFixed(1)} ms, ` +
      `errors ${bareTotals.errors}`,
  );
  console.log(
    `    app chat→socket ${rate(appTotals).toFixed(0)} msg/s, p99 ${appP99.toFixed(1)} ms, ` +
      `errors ${appTotals.errors}`,
  );
  console.log(
    `    rate ${rateRatio.toFixed(2)}× (target ≥ ${TARGETS.rate}: ${verdict(rateRatio >= TARGETS.rate)}), ` +
      `p99 ${p99Factor.toFixed(2)}× (target ≤ ${TARGETS.p99}: ${verdict(p99Factor <= TARGETS.p99)})`,
  );
  console.log(
    `    CPU per message: bare (${describeCpuPerMessage(bareCpu, bareTotals.delivered)}); ` +
      `app (${describeCpuPerMessage(appCpu, appTotals.delivered)})`,
  );
  const [steadyApp, steadyBare] = [
    percentile(appSteady.latencies, 0.99),
    percentile(bareSteady.latencies, 0.99),
  ];
  const steadyFactor = steadyApp / Math.max(steadyBare, 0.001);
  console.log(
    `    at a steady ${STEADY_RATE} msg/s: p99 bare ${steadyBare.toFixed(1)} ms, app ` +
      `${steadyApp.toFixed(1)} ms: ${steadyFactor.toFixed(2)}× ` +
      `(target ≤ ${TARGETS.p99}: ${verdict(steadyFactor <= TARGETS.p99)}), ` +
      `p50 bare ${percentile(bareSteady.latencies, 0.5).toFixed(1)} ms, app ` +
      `${percentile(appSteady.latencies, 0.5).toFixed(1)} ms, errors ${appSteady.errors}`,
  );
  console.log(
    `    the app's event loop meanwhile: delay p99 ` +
      `${Math.max(...loopDelays.map((delay) => delay.p99)).toFixed(1)} ms, ` +
      `max ${Math.max(...loopDelays.map((delay) => delay.max)).toFixed(1)} ms (worst window); ` +
      `busy ${sumOf(loopDelays, 'busyMs').toFixed(0)} ms, on a core ` +
      `${sumOf(loopDelays, 'cpuMs').toFixed(0)} ms of ${sumOf(loopDelays, 'wallMs').toFixed(0)} ms ` +
      `(the windows and their wait for the last deliveries)`,
  );
  console.log(
    `(b) ${IDLE_SOCKETS} idle sockets: bare ws ${kb(bareIdle.heapPerSocket)} heap+external, ` +
      `${kb(bareIdle.rssPerSocket)} RSS per socket; app ${kb(appIdle.heapPerSocket)} heap+external, ` +
      `${kb(appIdle.rssPerSocket)} RSS per socket (${appIdle.sockets} open)`,
  );
  console.log(
    `    heap ${memoryFactor.toFixed(2)}× (target ≤ ${TARGETS.memory}: ${verdict(memoryFactor <= TARGETS.memory)}), ` +
      `RSS ${(appIdle.rssPerSocket / bareIdle.rssPerSocket).toFixed(2)}×`,
  );
  if (cross) {
    const factor = cross.cross / Math.max(cross.single, 0.001);
    console.log(
      `(c) two instances: p99 on A ${cross.single.toFixed(1)} ms, across Redis on B ` +
        `${cross.cross.toFixed(1)} ms: ${factor.toFixed(2)}× ` +
        `(target ≤ ${TARGETS.crossP99}: ${verdict(factor <= TARGETS.crossP99)}), ` +
        `${cross.delivered} messages`,
    );
  }
}

const dialects = (
  process.env.BENCH_DATABASES ?? (process.env.DATABASE_URL ? 'sqlite,postgres' : 'sqlite')
)
  .split(',')
  .map((name) => name.trim()) as ('sqlite' | 'postgres')[];
for (const dialect of dialects) await benchmark(dialect);
