import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMember } from '@server/db/members-table';
import { MEMBER_PASSWORD, createMember } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { hashToken } from './tokens';
import { findLiveSessionHashes, findSessionMember } from './session-queries';

// Issue 30 item 5: a session works only while the member's status allows one. A ban, a
// disabled or a deleted account ends the member's sessions on the very next request, on every
// instance (the session is read per request, with the member's row).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The session cookie's name outside production (cookie-policy.ts).
const SESSION_COOKIE = 'sid';

async function sessionOf(status?: string) {
  const member = await createMember(t.database.db, t.siteId);
  const client = await loggedInClient(t.app, member);
  expect((await client.get('/api/user.php')).json().user).not.toBeNull();
  if (status) await updateMember(t.database.db, member.id, { status });
  return { member, client };
}

describe('a session of a member whose status changes', () => {
  it.each(['banned', 'disabled', 'deleted'])(
    'stops working on the next request once the member is %s',
    async (status) => {
      const { client } = await sessionOf(status);
      expect((await client.get('/api/user.php')).json()).toEqual({ user: null });
      const chats = await client.get('/api/chats.php');
      expect(chats.statusCode).toBe(403);
      expect(chats.json()).toEqual({ error: 'authentication_required' });
    },
  );

  it('keeps working for a member who has not confirmed their address yet (spec §3)', async () => {
    const { client } = await sessionOf('not_confirmed');
    expect((await client.get('/api/user.php')).json().user.status).toBe('not_confirmed');
  });

  it('works again when the status is lifted (an unban), the session itself untouched', async () => {
    const { member, client } = await sessionOf('banned');
    expect((await client.get('/api/user.php')).json().user).toBeNull();
    await updateMember(t.database.db, member.id, { status: 'active' });
    expect((await client.get('/api/user.php')).json().user.status).toBe('active');
  });

  it('is no longer live for open sockets at their next heartbeat check', async () => {
    const { member, client } = await sessionOf();
    const token = client.cookies.get(SESSION_COOKIE);
    expect(token).toBeTruthy();
    const hash = hashToken(token!);
    const db = t.database.db;
    expect(await findLiveSessionHashes(db, [hash])).toEqual(new Set([hash]));
    expect(await findSessionMember(db, token!, t.siteId)).toMatchObject({ id: member.id });
    await updateMember(db, member.id, { status: 'banned' });
    expect(await findLiveSessionHashes(db, [hash])).toEqual(new Set());
    expect(await findSessionMember(db, token!, t.siteId)).toBeUndefined();
  });
});

describe('logging in as a banned member (issue 30 item 5)', () => {
  it('answers account_banned after the right password and starts no session', async () => {
    const member = await createMember(t.database.db, t.siteId);
    await updateMember(t.database.db, member.id, { status: 'banned' });
    const client = new TestClient(t.app);
    const response = await client.post('/api/user.php', {
      email: member.email,
      password: MEMBER_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'account_banned' });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await client.get('/api/user.php')).json()).toEqual({ user: null });
  });

  it('answers login_failed to a wrong password, so the ban reveals no account', async () => {
    const member = await createMember(t.database.db, t.siteId);
    await updateMember(t.database.db, member.id, { status: 'banned' });
    const response = await new TestClient(t.app).post('/api/user.php', {
      email: member.email,
      password: 'not the password',
    });
    expect(response.json()).toEqual({ error: 'login_failed' });
  });
});
