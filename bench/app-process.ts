import { type ChildProcess, fork } from 'node:child_process';
import { openSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** SQL statements the app has sent so far and the time the driver took (bench/sql-counter.ts). */
export interface SqlCount {
  statements: number;
  dbMs: number;
}

export interface AppProcess {
  child: ChildProcess;
  origin: string;
  readSql(): Promise<SqlCount>;
  stop(): Promise<void>;
}

const root = join(import.meta.dirname, '..');

/** A port nothing listens on now, for a child process to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, REDIS_URL: _redis, ...rest } = env;
  return rest;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
}

/**
 * The app as `npm start` starts it (`tsx src/server/main.ts`, its build aside): production
 * mode, info-level JSON request log to `logFile` (an operator's log, unread here), the given
 * database. One addition: bench/sql-counter.ts, preloaded, counts the SQL it sends.
 * TRUST_PROXY=1: the bench stands for a load balancer whose X-Forwarded-For tells each
 * member's own address, so 2,000 logins are not 2,000 logins from one address.
 */
export async function startApp(env: Record<string, string>, logFile: string): Promise<AppProcess> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = fork(join(root, 'src/server/main.ts'), [], {
    cwd: root,
    env: {
      // The database is the caller's choice alone: a SQLite run must not inherit the shell's
      // DATABASE_URL (the app would then open PostgreSQL's default schema).
      ...withoutDatabase(process.env),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    execArgv: ['--import', 'tsx', '--import', join(import.meta.dirname, 'sql-counter.ts')],
    stdio: ['ignore', log, log, 'ipc'],
  });
  const origin = `http://127.0.0.1:${port}`;
  let failed: Error | undefined;
  child.once('exit', (code) => (failed = new Error(`the app exited with ${code}; see ${logFile}`)));
  for (;;) {
    if (failed) throw failed;
    try {
      const response = await fetch(`${origin}/api/settings.php`, {
        headers: { host: 'localhost' },
      });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const waiting: Array<(count: SqlCount) => void> = [];
  child.on('message', (message: { sql?: SqlCount }) => {
    if (message.sql) waiting.shift()?.(message.sql);
  });
  return {
    child,
    origin,
    readSql: () =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.send({ sql: 'read' });
      }),
    async stop() {
      const done = exited(child);
      child.kill('SIGTERM');
      await done;
    },
  };
}

/** The baseline: a bare Fastify route in a process of its own (bench/bare-server.ts). */
export async function startBare(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = fork(join(import.meta.dirname, 'bare-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', (info) => resolve(info as { port: number }));
    child.once('exit', (code) => reject(new Error(`bare-server.ts exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/hello`,
    pid: child.pid!,
    async stop() {
      const done = exited(child);
      child.disconnect();
      await done;
    },
  };
}
