import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';

describe('CSRF protection decided by the matched route (issue 7 §1.5)', () => {
  // Each of these reaches the login route once the router has decoded the path.
  const encodedLoginPaths = [
    '/%61pi/user.php',
    '/%61%70%69/user.php',
    '/api/user%2Ephp',
    '/ap%69/user.php',
  ];

  it.each(encodedLoginPaths)('refuses POST %s without the token', async (path) => {
    const member = await createMember(t.database.db, t.siteId);
    const response = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { host: 'localhost' },
      payload: { email: member.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'csrf_failed' });
    expect(response.cookies.some((cookie) => cookie.name === 'sid')).toBe(false);
  });

  it('knows the member on an encoded path too, so both hooks agree on what is the API', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: member.email, password: PASSWORD });
    const me = await client.get('/%61pi/user.php');
    expect(me.json().user.profile.name).toBe(member.name);
  });
});

describe('GET /api/logout.php (issue 7 §1.9)', () => {
  it('does not log out a request without the CSRF header, as an image tag on another site would send', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: member.email, password: PASSWORD });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/logout.php',
      headers: {
        host: 'localhost',
        cookie: `sid=${client.cookies.get('sid')}; csrf=${client.cookies.get('csrf')}`,
      },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ error: 'csrf_failed' });
    expect((await client.get('/api/user.php')).json().user).not.toBeNull();
    // The app's own client sends the header and is logged out.
    expect((await client.get('/api/logout.php')).json()).toEqual({ ok: true });
    expect((await client.get('/api/user.php')).json().user).toBeNull();
  });
});
