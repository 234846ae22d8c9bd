import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_WRITE_INTERVAL_MS, recordActivity, updateMember } from '@server/db/members-table';
import { createMember, createPhoto } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { TestSocket, cookieHeaderOf, listenForSockets } from '@server/test/socket-client';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 29 item 13: members.last_active_at was written at signup and never again, so every
// "recently active first" list (search, the home strip, landers, the swipe game, the match
// finder) was really in signup order. A session's use and a socket's connect record it, at
// most once per member every ACTIVITY_WRITE_INTERVAL_MS.

let t: TestApp;
let url: string;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ url, origin } = await listenForSockets(t.app));
});
afterAll(() => t.close());

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const DAYS = 24 * 60 * 60 * 1000;

async function lastActiveOf(memberId: number) {
  const row = await t.database.db
    .selectFrom('members')
    .select('last_active_at')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.last_active_at;
}

/** A member who signed up long ago and was last seen `since` ms ago, logged in. */
async function idleMember(since: number) {
  const member = await createMember(t.database.db, t.siteId, {
    created_at: ago(90 * DAYS),
    last_active_at: ago(since),
  });
  const client = await loggedInClient(t.app, member);
  // The login itself may count: each test sets the time it starts from after it.
  await updateMember(t.database.db, member.id, { last_active_at: ago(since) });
  return { member, client };
}

describe('activity (issue 29 item 13)', () => {
  it('is recorded when a member uses their session', async () => {
    const { member, client } = await idleMember(30 * DAYS);
    const before = Date.now();
    expect((await client.get('/api/user.php')).statusCode).toBe(200);
    const recorded = await lastActiveOf(member.id);
    expect(Date.parse(recorded!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('is written at most once per member in a few minutes', async () => {
    const { member, client } = await idleMember(ACTIVITY_WRITE_INTERVAL_MS - 60_000);
    const kept = await lastActiveOf(member.id);
    await client.get('/api/user.php');
    await client.get('/api/chats.php');
    expect(await lastActiveOf(member.id)).toBe(kept);
  });

  it('is written once when two instances see the same stale row at once', async () => {
    const member = await createMember(t.database.db, t.siteId, { last_active_at: ago(DAYS) });
    // Both read the row before either wrote: the condition in the UPDATE lets one through.
    const writes = await Promise.all([
      recordActivity(t.database.db, member),
      recordActivity(t.database.db, member),
    ]);
    expect(writes.filter(Boolean)).toHaveLength(1);
  });

  it('is recorded when a member opens a socket', async () => {
    const { member, client } = await idleMember(30 * DAYS);
    const before = Date.now();
    const socket = await TestSocket.open(url, { cookie: cookieHeaderOf(client), origin });
    try {
      expect(Date.parse((await lastActiveOf(member.id))!)).toBeGreaterThanOrEqual(before - 1000);
    } finally {
      socket.close();
    }
  });

  it('puts a member active today before a newer member who has not been back', async () => {
    const { member: regular, client } = await idleMember(20 * DAYS);
    const newcomer = await createMember(t.database.db, t.siteId, {
      created_at: ago(10 * DAYS),
      last_active_at: ago(10 * DAYS),
    });
    await createPhoto(t.database.db, regular.id);
    await createPhoto(t.database.db, newcomer.id);
    const order = async () => {
      const { profiles } = (await new TestClient(t.app).get('/api/featured.php')).json<{
        profiles: { id: number }[];
      }>();
      return profiles.map((card) => card.id).filter((id) => [regular.id, newcomer.id].includes(id));
    };
    expect(await order()).toEqual([newcomer.id, regular.id]);
    await client.get('/api/user.php');
    expect(await order()).toEqual([regular.id, newcomer.id]);
  });
});
