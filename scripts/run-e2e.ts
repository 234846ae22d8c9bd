import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { balanceShards } from '../e2e/support/shard-balance';

/**
 * The browser tests in shards that run at the same time, each a vitest process with its own
 * server, database, SMTP capture and browser (e2e/global-setup.ts): no state is shared between
 * shards, so running them side by side changes nothing a test sees but the machine's load.
 * Inside a shard the files still run one after another over one server.
 *
 * Why: the suite runs twice in CI (SQLite, then PostgreSQL + Redis) and one process kept the
 * two cores about a third busy (waits on pages, sockets and timers); 44 files took 13 minutes
 * here and 27 in the CI of stop 34. Two shards use the second core.
 *
 * `E2E_SHARDS` sets the count (default 2; 1 runs one process). Files given as arguments run in
 * one process, as `vitest run -c vitest.e2e.config.ts <files>` would.
 */
const E2E_DIR = 'e2e';
const WEIGHTS_FILE = join(E2E_DIR, 'support', 'file-weights.json');

const args = process.argv.slice(2);
const shardCount = args.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);

/** Seconds each file took in a recorded run: only used to balance the shards. */
function recordedWeights(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

function runVitest(files: string[], label: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '-c', 'vitest.e2e.config.ts', ...files], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Each line carries its shard, so the two streams stay readable when they interleave.
    const prefix = (stream: NodeJS.ReadableStream, out: NodeJS.WritableStream) => {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`${label}${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${label}${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function main() {
  if (shardCount === 1) {
    const code = await runVitest(args, '');
    process.exit(code);
  }
  const files = readdirSync(E2E_DIR)
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => `${E2E_DIR}/${name}`);
  const shards = balanceShards(files, recordedWeights(), shardCount).filter((s) => s.length > 0);
  const codes = await Promise.all(
    shards.map((shardFiles, index) => runVitest(shardFiles, `[${index + 1}/${shards.length}] `)),
  );
  const failed = codes.flatMap((code, index) => (code === 0 ? [] : [index + 1]));
  console.log(
    failed.length
      ? `browser tests failed in shard ${failed.join(', ')} of ${shards.length}`
      : `browser tests passed in ${shards.length} shards`,
  );
  process.exit(failed.length ? 1 : 0);
}

await main();
