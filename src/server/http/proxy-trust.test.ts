import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { type TestApp, createTestApp } from '@server/test/test-app';

// issue 7 §1.2: per-IP limits must count the real client behind a load balancer, and a client
// must not pick its own address by writing X-Forwarded-For.
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const LOAD_BALANCER = '10.0.0.2';
const RESET_LIMIT_PER_IP = 10;

/** One reset request as it arrives through the load balancer from `client`. */
function resetRequest(app: TestApp, forwardedFor: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/reset-password.php',
    remoteAddress: LOAD_BALANCER,
    headers: {
      host: 'localhost',
      'x-forwarded-for': forwardedFor,
      // Double-submit token: any genuine cookie works, so take one from the app.
      cookie: `csrf=${csrfToken}`,
      'x-csrf-token': csrfToken,
    },
    payload: { email: 'nobody@example.com' },
  });
}
let csrfToken = '';
async function fetchCsrfToken(app: TestApp) {
  const answer = await app.app.inject({
    method: 'GET',
    url: '/api/settings.php',
    headers: { host: 'localhost' },
  });
  csrfToken = answer.cookies.find((cookie) => cookie.name === 'csrf')!.value;
}

describe('TRUST_PROXY', () => {
  it('refuses true, which would believe the client-written left-most address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/hop count/);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
    ]);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  it('with a hop count, a client cannot escape its per-IP limit by inventing addresses', async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    await fetchCsrfToken(t);
    const statuses = [];
    for (let i = 0; i <= RESET_LIMIT_PER_IP; i++) {
      // The left-most entries are the client's own invention; the load balancer appends the
      // address it saw, which is the one that counts.
      const answer = await resetRequest(t, `203.0.113.${i}, 198.51.100.7`);
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, RESET_LIMIT_PER_IP)).toEqual(Array(RESET_LIMIT_PER_IP).fill(404));
    expect(statuses[RESET_LIMIT_PER_IP]).toBe(429);
  });

  it('with a hop count, clients behind the same load balancer have their own limits', async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    await fetchCsrfToken(t);
    for (let i = 0; i < RESET_LIMIT_PER_IP; i++) await resetRequest(t, '198.51.100.7');
    expect((await resetRequest(t, '198.51.100.7')).statusCode).toBe(429);
    expect((await resetRequest(t, '198.51.100.8')).statusCode).toBe(404);
  });

  it('with a list of proxy addresses, only those proxies are believed', async () => {
    t = await createTestApp({ TRUST_PROXY: `${LOAD_BALANCER}` });
    await fetchCsrfToken(t);
    for (let i = 0; i < RESET_LIMIT_PER_IP; i++)
      await resetRequest(t, `203.0.113.${i}, 198.51.100.7`);
    expect((await resetRequest(t, '203.0.113.99, 198.51.100.7')).statusCode).toBe(429);
    expect((await resetRequest(t, '198.51.100.8')).statusCode).toBe(404);
  });
});
