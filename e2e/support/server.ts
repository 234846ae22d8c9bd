import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  baseUrl: string;
  /** Where the server keeps its data, so tests can arrange state as factories do. */
  database: { sqlitePath: string; schema: string };
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitUntilUp(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/settings.php`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start in time:\n${output()}`);
}

/**
 * Starts the real server (the same entry point as `npm start`) on a free port over a fresh
 * database: a temporary SQLite file, or a new PostgreSQL schema when DATABASE_URL is set.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-'));
  const port = await freePort();
  const schema = `e2e_${randomBytes(5).toString('hex')}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The built-in demo provider plays the payment provider (issue 10, docs/payments.md).
      PAYMENT_PROVIDER: 'demo',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SQLITE_PATH: join(dataDir, 'app.sqlite'),
      MEDIA_DIR: join(dataDir, 'media'),
      EXPORT_DIR: join(dataDir, 'exports'),
      DATABASE_SCHEMA: schema,
      REDIS_KEY_PREFIX: `${schema}:`,
      DEMO_MEMBER_COUNT: '54',
      // Every browser test signs members up from this one machine's address.
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      // Every journey logs members in from this one machine (127.0.0.1).
      LOGINS_PER_IP_PER_15_MINUTES: '1000',
      // …and opens every tab's socket from it: the journeys' pages together pass 20.
      SOCKETS_PER_ADDRESS: '1000',
      // …and every page's requests, several browsers at once.
      REQUESTS_IN_FLIGHT_PER_IP: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // At LOG_LEVEL warn the server prints its start banner, warnings and errors: shown as they
  // come, so a failing test's run also tells what the server said meanwhile.
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
    process.stderr.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const baseUrl = `http://localhost:${port}`;
  await waitUntilUp(baseUrl, child, () => log);
  return {
    baseUrl,
    database: { sqlitePath: join(dataDir, 'app.sqlite'), schema },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (process.env.DATABASE_URL) {
        const { dropPostgresSchema } = await import('../../src/server/db/database');
        await dropPostgresSchema(process.env.DATABASE_URL, schema);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
