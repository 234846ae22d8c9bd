import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenHostOf, loadConfig } from '@server/config';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';

// issue 7 §1.4: behind a TLS-terminating proxy the app sees plain HTTP; in production its
// cookies are Secure all the same, and carry the __Host- prefix.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'production' });
});
afterAll(() => t.close());

describe('cookies in production', () => {
  it('sets Secure __Host- session and CSRF cookies over plain HTTP', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/settings.php',
      headers: { host: 'localhost' },
    });
    const csrf = first.cookies.find((cookie) => cookie.name === '__Host-csrf')!;
    expect(csrf).toMatchObject({ secure: true, path: '/' });
    expect(csrf.domain).toBeUndefined();

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: {
        host: 'localhost',
        cookie: `__Host-csrf=${csrf.value}`,
        'x-csrf-token': csrf.value,
      },
      payload: { email: member.email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((cookie) => cookie.name === '__Host-sid')!;
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    expect(login.cookies.find((cookie) => cookie.name === 'device')).toMatchObject({
      secure: true,
    });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { host: 'localhost', cookie: `__Host-sid=${session.value}` },
    });
    expect(me.json().user.profile.name).toBe(member.name);
  });
});

describe('where the server listens', () => {
  it('binds to loopback outside production unless HOST says otherwise', () => {
    expect(listenHostOf(loadConfig({}))).toBe('127.0.0.1');
    expect(listenHostOf(loadConfig({ NODE_ENV: 'production' }))).toBe('0.0.0.0');
    expect(listenHostOf(loadConfig({ HOST: '0.0.0.0' }))).toBe('0.0.0.0');
  });
});
