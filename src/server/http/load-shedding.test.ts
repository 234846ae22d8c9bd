import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAX_EVENT_LOOP_DELAY_MS: '20' });
});
afterAll(() => t.close());

/** Keeps the event loop busy, as a burst of requests would. */
function blockEventLoop(milliseconds: number): void {
  const until = performance.now() + milliseconds;
  while (performance.now() < until) {
    // busy
  }
}

describe('load shedding', () => {
  it(
    'answers 503 server_busy with Retry-After while the event loop lags',
    { timeout: 60_000 },
    async () => {
      // The lag is sampled on a timer: keep the loop lagging until a sample has seen it (one
      // short block could fall between samples on a busy machine), and once more before asking.
      await vi.waitFor(
        () => {
          blockEventLoop(200);
          expect(t.app.isUnderPressure()).toBe(true);
        },
        { timeout: 30_000, interval: 50 },
      );
      blockEventLoop(200);
      const answer = await t.app.inject({ method: 'GET', url: '/api/settings.php' });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toEqual({ error: 'server_busy' });
    },
  );
});
