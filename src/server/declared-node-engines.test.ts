import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// semver is what npm itself checks `engines` with; it is here through the build tools, and
// this narrow shape is all the test needs of it.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

const readJson = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

const manifest = readJson('../../package.json') as { engines: { node: string } };
const lock = readJson('../../package-lock.json') as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

describe('the Node version the project declares', () => {
  // issue 29 item 11: cookie@2 asked for Node 22 while package.json says 20.19, so
  // `npm ci --engine-strict` failed on the oldest Node the README promises.
  it('runs every locked package, so npm ci --engine-strict passes on it', () => {
    const oldestNode = semver.minVersion(manifest.engines.node)?.version ?? '';
    const refusing = Object.entries(lock.packages)
      .map(([path, entry]) => ({
        path,
        node: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      }))
      .filter(({ node }) => node !== undefined && !semver.satisfies(oldestNode, node))
      .map(({ path, node }) => `${path} wants node ${node}`);
    expect(oldestNode).toBe('20.19.0');
    expect(refusing).toEqual([]);
  });
});
