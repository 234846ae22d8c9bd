import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DATABASE_ID } from '@contract/ids';
import type { MemberRow } from '@server/db/schema';
import { createMember, createPhoto } from '@server/test/factories';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// issue 7 §1.7: blocks and invisible mode apply to every list and lookup; a visitor sees
// member pages only where the site's logged-out search settings allow it (spec §1, §6).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';

async function visibleMember(overrides: Partial<MemberRow> = {}) {
  const member = await createMember(t.database.db, t.siteId, {
    last_active_at: new Date(Date.now() + 60_000).toISOString(),
    ...overrides,
  });
  await createPhoto(t.database.db, member.id);
  return member;
}

async function loggedIn(member: MemberRow) {
  const client = new TestClient(t.app);
  await client.post('/api/user.php', { email: member.email, password: PASSWORD });
  return client;
}

const featuredIds = async (client: TestClient) =>
  ((await client.get('/api/featured.php')).json().profiles as { id: number }[]).map(
    (card) => card.id,
  );

describe('featured.php for a logged-in member', () => {
  it('leaves out members blocked in either direction, and the viewer', async () => {
    const blocker = await visibleMember();
    const blocked = await visibleMember();
    await (await loggedIn(blocker)).post('/api/block.php', { member_id: blocked.id });
    const blockedClient = await loggedIn(blocked);
    const seenByBlocked = await featuredIds(blockedClient);
    expect(seenByBlocked).not.toContain(blocker.id);
    expect(seenByBlocked).not.toContain(blocked.id);
    const seenByBlocker = await featuredIds(await loggedIn(blocker));
    expect(seenByBlocker).not.toContain(blocked.id);
    expect((await blockedClient.get('/api/featured.php')).headers['cache-control']).toBe(
      'private, no-store',
    );
  });
});

describe('member.php', () => {
  // Issue 30 item 5: the one visible-members rule reads the account status too, so a banned,
  // disabled or deleted member disappears from every list and lookup, profile left as it was.
  it.each(['banned', 'disabled', 'deleted'])(
    'answers a %s member like a missing one, in lookups and lists',
    async (status) => {
      const gone = await visibleMember({ status });
      const viewer = await loggedIn(await visibleMember());
      const answer = await viewer.get(`/api/member.php?id=${gone.id}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'not_found' });
      expect(await featuredIds(viewer)).not.toContain(gone.id);
      const sent = await viewer.post('/api/chat-message.php', {
        kind: 'text',
        to: gone.id,
        client_key: randomBytes(12).toString('base64url'),
        text: 'Hello',
      });
      expect(sent.json()).toEqual({ error: 'not_found' });
    },
  );

  it('answers invisible members like missing ones, except to themselves', async () => {
    const hidden = await visibleMember({ is_invisible: 1 });
    const viewer = await loggedIn(await visibleMember());
    const answer = await viewer.get(`/api/member.php?id=${hidden.id}`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: 'not_found' });
    expect((await (await loggedIn(hidden)).get(`/api/member.php?id=${hidden.id}`)).statusCode).toBe(
      200,
    );
  });

  it('shows visitors member pages only where logged-out search is allowed (spec §6)', async () => {
    const member = await visibleMember();
    const visitor = new TestClient(t.app);
    try {
      await updateSiteSettings(t, {
        logged_out_search: false,
        logged_out_search_trafficsource: false,
      });
      const refused = await visitor.get(`/api/member.php?id=${member.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'authentication_required' });
      await updateSiteSettings(t, { logged_out_search_trafficsource: true });
      expect((await visitor.get(`/api/member.php?id=${member.id}`)).statusCode).toBe(403);
      expect((await visitor.get(`/api/member.php?id=${member.id}&network=adnet`)).statusCode).toBe(
        200,
      );
      await updateSiteSettings(t, { logged_out_search: true });
      expect((await visitor.get(`/api/member.php?id=${member.id}`)).statusCode).toBe(200);
    } finally {
      await updateSiteSettings(t, {
        logged_out_search: true,
        logged_out_search_trafficsource: false,
      });
    }
  });

  it('refuses ids beyond the database range with validation_failed, not a server error', async () => {
    const viewer = await loggedIn(await visibleMember());
    for (const id of [String(MAX_DATABASE_ID + 1), '99999999999999999999', '1.5', '-3', '0x10']) {
      const answer = await viewer.get(`/api/member.php?id=${id}`);
      expect(answer.statusCode, id).toBe(400);
      expect(answer.json().error).toBe('validation_failed');
    }
    const block = await viewer.post('/api/block.php', { member_id: MAX_DATABASE_ID + 1 });
    expect(block.statusCode).toBe(400);
  });
});
