import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@contract': fromRoot('./src/contract'),
      '@locales': fromRoot('./src/locales'),
      '@server': fromRoot('./src/server'),
      '@web': fromRoot('./src/web'),
    },
  },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'e2e/support/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    // Each test file gets its own database; a pool of forks keeps native modules isolated.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
