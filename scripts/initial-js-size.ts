import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Issue 25 item 6: the JavaScript a visitor's browser loads for the first render of `/`,
 * gzipped, stays within this budget (kB as Vite counts them: 1,000 bytes). The target
 * was 120 kB; today's first load is 123.5 kB (issues 30 and 31 added routes, error codes and
 * endpoints to the shared tables; issue 32 item 5 put the one member card, with its Message
 * button, on the home strip), and the budget sits just above it so that the next regression is
 * caught (docs/performance.md "The first load" says what grew and how to win it back: split
 * the `common` namespace, issue 32 item 10, not done yet).
 */
export const INITIAL_JS_BUDGET_BYTES = 124_000;

export interface ScriptSize {
  /** The path the browser asked for, e.g. /assets/index-abc123.js. */
  path: string;
  gzipBytes: number;
}

/**
 * The gzipped size of each built script, read from the build output (dist/web) and
 * compressed at level 9 as scripts/precompress.ts writes the .gz copies the server sends.
 */
export async function gzippedSizes(distDir: string, paths: string[]): Promise<ScriptSize[]> {
  const sizes = await Promise.all(
    paths.map(async (path) => ({
      path,
      gzipBytes: gzipSync(await readFile(join(distDir, path)), { level: 9 }).length,
    })),
  );
  return sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export const totalBytes = (sizes: ScriptSize[]) =>
  sizes.reduce((sum, size) => sum + size.gzipBytes, 0);

/** One line per script, largest first, and the total: what a failing check prints. */
export function sizeReport(sizes: ScriptSize[]): string {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  return [
    ...sizes.map((size) => `${kB(size.gzipBytes).padStart(9)}  ${size.path}`),
    `${kB(totalBytes(sizes)).padStart(9)}  total (budget ${kB(INITIAL_JS_BUDGET_BYTES)})`,
  ].join('\n');
}
