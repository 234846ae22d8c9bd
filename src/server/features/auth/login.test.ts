import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUserSchema } from '@contract/account';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_LOCKOUT_MINUTES: '15' });
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';

describe('POST /api/user.php (login)', () => {
  it('answers exactly the spec §3 user fields and sets an HttpOnly session cookie for 30 days', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const client = new TestClient(t.app);
    const response = await client.post('/api/user.php', {
      email: member.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(() => loggedInUserSchema.strict().parse(user)).not.toThrow();
    expect(Object.keys(user.profile).sort()).toEqual(['country', 'main_image', 'name', 'status']);
    expect(user.profile.main_image).toBeNull();
    const session = response.cookies.find((cookie) => cookie.name === 'sid');
    expect(session).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 30 * 24 * 60 * 60,
      path: '/',
    });
    expect(Buffer.from(session!.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(JSON.stringify(response.json())).not.toContain(member.email);

    const me = await client.get('/api/user.php');
    expect(me.json().user.profile.name).toBe(member.name);
  });

  it('gives a new session token at every login', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: member.email, password: PASSWORD });
    const first = client.cookies.get('sid');
    await client.post('/api/user.php', { email: member.email, password: PASSWORD });
    expect(client.cookies.get('sid')).not.toBe(first);
  });

  it('answers login_failed for a wrong password or unknown address', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const client = new TestClient(t.app);
    const wrong = await client.post('/api/user.php', {
      email: member.email,
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'login_failed' });
    const unknown = await client.post('/api/user.php', {
      email: 'nobody@example.com',
      password: PASSWORD,
    });
    expect(unknown.json()).toEqual({ error: 'login_failed' });
  });

  it('logs out and forgets the session', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: member.email, password: PASSWORD });
    const stolenToken = client.cookies.get('sid');
    expect((await client.get('/api/logout.php')).json()).toEqual({ ok: true });
    expect((await client.get('/api/user.php')).json()).toEqual({ user: null });
    const replay = new TestClient(t.app);
    replay.cookies.set('sid', stolenToken!);
    expect((await replay.get('/api/user.php')).json()).toEqual({ user: null });
  });

  it('changes the language with PUT and refuses it to visitors', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const client = new TestClient(t.app);
    expect((await client.put('/api/user.php', { language: 'nl' })).json()).toEqual({
      error: 'authentication_required',
    });
    await client.post('/api/user.php', { email: member.email, password: PASSWORD });
    expect((await client.put('/api/user.php', { language: 'nl' })).statusCode).toBe(200);
    expect((await client.put('/api/user.php', { language: 'xx' })).statusCode).toBe(400);
    const row = await t.database.db
      .selectFrom('members')
      .select('language')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('nl');
  });
});

describe('CSRF protection', () => {
  it('refuses a state-changing call without the echoed token', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: 'localhost' },
      payload: { email: member.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'csrf_failed' });
  });

  it('refuses a planted cookie whose signature is wrong', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: 'localhost', cookie: 'csrf=abc.def', 'x-csrf-token': 'abc.def' },
      payload: { email: 'a@b.c', password: 'whatever1' },
    });
    expect(response.json()).toEqual({ error: 'csrf_failed' });
  });
});

describe('login lockout', () => {
  it('locks after repeated failures with the minutes in the answer, even for the right password', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const attacker = new TestClient(t.app);
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        (
          await attacker.post('/api/user.php', { email: member.email, password: `wrong-${i}-xx` })
        ).json(),
      );
    }
    expect(answers.slice(0, 2)).toEqual([{ error: 'login_failed' }, { error: 'login_failed' }]);
    expect(answers[2]).toEqual({ error: 'account_locked', minutes: 15 });
    const right = await attacker.post('/api/user.php', { email: member.email, password: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toBe('account_locked');
  });

  it('cannot keep the member out of their own browser', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const ownBrowser = new TestClient(t.app);
    await ownBrowser.post('/api/user.php', { email: member.email, password: PASSWORD });
    expect(ownBrowser.cookies.has('device')).toBe(true);
    await ownBrowser.get('/api/logout.php');

    const attacker = new TestClient(t.app);
    for (let i = 0; i < 5; i++)
      await attacker.post('/api/user.php', { email: member.email, password: `guess-${i}-xx` });
    expect(
      (await attacker.post('/api/user.php', { email: member.email, password: PASSWORD }))
        .statusCode,
    ).toBe(429);

    const login = await ownBrowser.post('/api/user.php', {
      email: member.email,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('answers validation_failed for malformed bodies', async () => {
    const client = new TestClient(t.app);
    for (const payload of [
      {},
      { email: 1, password: [] },
      { email: 'x'.repeat(300), password: 'y' },
    ]) {
      const response = await client.post('/api/user.php', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation_failed');
    }
  });

  it('answers bad_request for broken JSON and 413 for an oversized body', async () => {
    const client = new TestClient(t.app);
    const broken = await client.request('POST', '/api/user.php', '{"email":', {
      'content-type': 'application/json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'bad_request' });
    const huge = await client.request(
      'POST',
      '/api/user.php',
      JSON.stringify({ email: 'a', password: 'x'.repeat(2_000_000) }),
      {
        'content-type': 'application/json',
      },
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'payload_too_large' });
  });
});
