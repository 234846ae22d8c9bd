import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RefusedUpgrade, TestSocket, listenForSockets } from '@server/test/socket-client';
import { type TestApp, createTestApp } from '@server/test/test-app';

// issue 9 §4: a refused upgrade is logged with its reason, never with the cookie it carried.
const lines: string[] = [];
let t: TestApp;
let url: string;
let origin: string;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
  ({ url, origin } = await listenForSockets(t.app));
});
afterAll(() => t.close());

const refused = (headers: Record<string, string>) =>
  TestSocket.open(`${url}?token=secret-in-query`, headers).then(
    () => 0,
    (error: unknown) => (error as RefusedUpgrade).status,
  );

describe('refused upgrades in the log', () => {
  it('names the reason and the status, not the cookie nor the query', async () => {
    const secret = 'a-session-token-that-must-not-leak';
    expect(await refused({ origin, cookie: `sid=${secret}` })).toBe(401);
    expect(await refused({ origin: 'https://evil.example', cookie: `sid=${secret}` })).toBe(403);
    const written = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'socket refused');
    expect(written.map(({ status, reason }) => ({ status, reason }))).toEqual([
      { status: 401, reason: 'no session' },
      { status: 403, reason: 'origin not allowed' },
    ]);
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).not.toContain('secret-in-query');
  });
});
