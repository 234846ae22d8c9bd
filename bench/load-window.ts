import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { SqlCount } from './app-process';
import { type CpuReading, addCpuBetween, readCpu } from './process-cpu';
import type { BenchMember } from './bench-members';
import { type Action, type World, headersOf } from './traffic-mix';

/** Requests of one kind in a window: how many, their response times (ms), the failed ones. */
export interface Tally {
  requests: number;
  times: number[];
  errors: number;
  /** Status codes of the failed ones, with their counts, to say what failed. */
  failures: Map<number, number>;
}

export interface Window {
  seconds: number;
  all: Tally;
  byAction: Map<string, Tally>;
  /** Statements the app sent during the window, when it was read. */
  sql?: SqlCount;
  /** CPU seconds by role (the app's process, the database, Redis…) during the window. */
  cpu?: CpuReading;
}

const tally = (): Tally => ({ requests: 0, times: [], errors: 0, failures: new Map() });

function record(into: Tally, status: number, time: number) {
  into.requests += 1;
  if (status < 400) into.times.push(time);
  else {
    into.errors += 1;
    into.failures.set(status, (into.failures.get(status) ?? 0) + 1);
  }
}

/*
 * autocannon hands onResponse the body as text joined from UTF-8-decoded chunks, which spoils
 * a compressed answer. The queue keeps the raw bytes instead, so search can read its cursor
 * like a browser, from an answer compressed as the browser asked.
 */
type Pending = { body: unknown; chunks?: Buffer[] };
const Queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { peek(): Pending | undefined; terminateRequest(): Pending | undefined };
} & { prototype: Record<string, unknown> };
Queue.prototype.addBody = function (this: { peek(): Pending | undefined }, data: Buffer) {
  const pending = this.peek();
  if (pending) (pending.chunks ??= []).push(Buffer.from(data));
};
const terminate = Queue.prototype.terminateRequest;
Queue.prototype.terminateRequest = function (this: unknown) {
  const done = terminate.call(this as never);
  if (done) done.body = done.chunks ? Buffer.concat(done.chunks) : Buffer.alloc(0);
  return done;
};

function decoded(body: Buffer, headers: Record<string, string>): string {
  const encoding = headers['content-encoding'] ?? headers['Content-Encoding'];
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

/** Runs autocannon, handing each answer's status and response time (ms, to the µs) on. */
function measured(
  options: autocannon.Options,
  onAnswer: (status: number, time: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const run = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    run.on('response', (_client, status, _bytes, time) => onAnswer(status, time));
  });
}

interface Context {
  action?: Action;
  member?: BenchMember;
}

/**
 * `seconds` of closed-loop load from `connections` connections: each call is made by a random
 * online member and is of a random action (by the weights of `actions`).
 */
export async function mixWindow(
  origin: string,
  world: World,
  actions: Action[],
  pickAction: (actions: Action[]) => Action,
  seconds: number,
  connections: number,
): Promise<Window> {
  const window: Window = { seconds, all: tally(), byAction: new Map() };
  let answered: Context = {};
  await measured(
    {
      url: origin,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (request, context: Context) => {
            const action = pickAction(actions);
            const member = world.online[Math.floor(Math.random() * world.online.length)]!;
            context.action = action;
            context.member = member;
            const call = action.call(member, world);
            return {
              ...request,
              method: call.method,
              path: call.path,
              headers: headersOf(member, call),
              body: call.body ?? '',
            };
          },
          onResponse: (status, body, context: Context, headers) => {
            answered = context;
            const { action, member } = context;
            if (action?.read && member && status === 200)
              action.read(
                member,
                decoded(body as unknown as Buffer, headers as Record<string, string>),
              );
          },
        },
      ],
    },
    (status, time) => {
      record(window.all, status, time);
      const name = answered.action?.name ?? '?';
      let byAction = window.byAction.get(name);
      if (!byAction) window.byAction.set(name, (byAction = tally()));
      record(byAction, status, time);
    },
  );
  return window;
}

/** `seconds` of closed-loop load on one URL with fixed headers (the bare route, the hot path). */
export async function fixedWindow(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Window> {
  const window: Window = { seconds, all: tally(), byAction: new Map() };
  await measured({ url, connections, duration: seconds, headers }, (status, time) =>
    record(window.all, status, time),
  );
  return window;
}

/** A percentile of response times in ms, to the microsecond (autocannon's own keeps whole ms). */
export function percentile(times: number[], fraction: number): number {
  if (times.length === 0) return 0;
  const sorted = Float64Array.from(times).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** Joins windows of the same load: their tallies, and the statements read around them. */
export function joined(windows: Window[]): Window {
  const all = tally();
  const byAction = new Map<string, Tally>();
  const add = (into: Tally, from: Tally) => {
    into.requests += from.requests;
    into.errors += from.errors;
    for (const time of from.times) into.times.push(time);
    for (const [status, count] of from.failures)
      into.failures.set(status, (into.failures.get(status) ?? 0) + count);
  };
  let sql: SqlCount | undefined;
  const cpu: CpuReading = new Map();
  for (const window of windows) {
    for (const [role, used] of window.cpu ?? []) cpu.set(role, (cpu.get(role) ?? 0) + used);
    add(all, window.all);
    for (const [name, from] of window.byAction) {
      if (!byAction.has(name)) byAction.set(name, tally());
      add(byAction.get(name)!, from);
    }
    if (window.sql)
      sql = {
        statements: (sql?.statements ?? 0) + window.sql.statements,
        dbMs: (sql?.dbMs ?? 0) + window.sql.dbMs,
      };
  }
  const seconds = windows.reduce((total, window) => total + window.seconds, 0);
  return { seconds, all, byAction, cpu, ...(sql ? { sql } : {}) };
}

export interface Comparison {
  app: Window;
  bare: Window;
}

/**
 * After a warm-up of the app, `rounds` windows of one second of the bare route and of the
 * app alternate, so a neighbour's load on a shared machine weighs on both sides of each ratio.
 * The app's statements and the CPU time of the app's process (`appPid`), the database and
 * Redis are read around each of its windows.
 */
export async function alternate(
  rounds: number,
  warmUpSeconds: number,
  bare: (seconds: number) => Promise<Window>,
  app: (seconds: number) => Promise<Window>,
  readSql: () => Promise<SqlCount>,
  appPid: number,
): Promise<Comparison> {
  if (warmUpSeconds > 0) await app(warmUpSeconds);
  const appWindows: Window[] = [];
  const bareWindows: Window[] = [];
  for (let round = 0; round < rounds; round += 1) {
    bareWindows.push(await bare(1));
    const before = await readSql();
    const cpuBefore = readCpu(appPid);
    const window = await app(1);
    window.cpu = new Map();
    addCpuBetween(window.cpu, cpuBefore, readCpu(appPid));
    const after = await readSql();
    window.sql = {
      statements: after.statements - before.statements,
      dbMs: after.dbMs - before.dbMs,
    };
    appWindows.push(window);
  }
  return { app: joined(appWindows), bare: joined(bareWindows) };
}
