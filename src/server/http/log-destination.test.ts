import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('../test/log-writer-child.ts', import.meta.url));

/** Runs the child writer and answers the lines it printed. */
function linesWrittenBy(perTurn: number, turns: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const writer = spawn(process.execPath, ['--import', 'tsx', child, `${perTurn}`, `${turns}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    writer.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    writer.on('error', reject);
    writer.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(chunks).toString().split('\n').filter(Boolean))
        : reject(new Error(`the writer exited with ${code}`)),
    );
  });
}

const numbers = (lines: string[]) => lines.map((line) => Number(line.split(' ')[1]));
const oneTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('the log destination', () => {
  it('writes every line once, in order, including those of the turn the process exits in', async () => {
    const lines = await linesWrittenBy(1000, 3);
    expect(numbers(lines)).toEqual(oneTo(4000));
  });

  it('loses nothing when it writes much more than a pipe holds at once', async () => {
    // 40,000 lines of about 90 bytes: 3.6 MB through a 64 KB pipe, so writes wait and split.
    const lines = await linesWrittenBy(10_000, 3);
    expect(numbers(lines)).toEqual(oneTo(40_000));
    expect(lines.every((line) => line.endsWith('x'.repeat(80)))).toBe(true);
  });
});
