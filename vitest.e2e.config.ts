import { defineConfig } from 'vitest/config';

// Browser tests: playwright-core drives Debian's Chromium against the built app served by the
// real server (e2e/global-setup.ts). Files run one after another; each opens its own context.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
