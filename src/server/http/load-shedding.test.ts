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
  it('answers 503 server_busy with Retry-After while the event loop lags', async () => {
    blockEventLoop(200);
    await vi.waitFor(() => expect(t.app.isUnderPressure()).toBe(true), {
      timeout: 5_000,
      interval: 20,
    });
    const answer = await t.app.inject({ method: 'GET', url: '/api/settings.php' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({ error: 'server_busy' });
  });
});
