import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Browser tests: playwright-core drives Debian's Chromium against the built app served by the
// real server (e2e/global-setup.ts). Files run one after another; each opens its own context.
export default defineConfig({
  // The app's own aliases, so a test arranges state through the owner modules (the credit
  // ledger, the members table) rather than writing their tables itself (issue 24).
  resolve: {
    alias: {
      '@contract': fromRoot('./src/contract'),
      '@locales': fromRoot('./src/locales'),
      '@server': fromRoot('./src/server'),
      '@web': fromRoot('./src/web'),
    },
  },
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // expect.poll waits for what the page does next (a redirect, a count). Its default of one
    // second is shorter than a busy CI machine sometimes needs (the CI run of stop 34 failed
    // on a redirect still on its way); Playwright's own waits allow 30 seconds.
    expect: { poll: { timeout: 20_000 } },
  },
});
