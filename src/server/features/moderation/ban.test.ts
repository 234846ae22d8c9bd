import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE } from '@contract/events';
import { createMember, createPhoto, MEMBER_PASSWORD } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { TestSocket, cookieHeaderOf, listenForSockets } from '@server/test/socket-client';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 30 item 5: staff ban and unban a member with a reason. A ban ends the member's
// sessions and open sockets at once, hides the profile from every list (visibleMembers reads
// the status), and is written to the audit log in the same transaction.
let t: TestApp;
let sockets: { url: string; origin: string };
beforeAll(async () => {
  t = await createTestApp();
  sockets = await listenForSockets(t.app);
});
afterAll(() => t.close());

async function visibleMember() {
  const row = await createMember(t.database.db, t.siteId);
  await createPhoto(t.database.db, row.id);
  return row;
}

async function moderator() {
  return staffClient(t, await createTestStaff(t, 'moderator', { sites: [t.siteId] }));
}

const auditOf = (memberId: number) =>
  t.database.db
    .selectFrom('staff_audit')
    .selectAll()
    .where('subject', '=', `member:${memberId}`)
    .orderBy('id')
    .execute();

describe('banning a member', () => {
  it('logs out their open tab at once, ends their sessions and refuses their login', async () => {
    const member = await visibleMember();
    const client = await loggedInClient(t.app, member);
    const socket = await TestSocket.open(sockets.url, {
      cookie: cookieHeaderOf(client),
      origin: sockets.origin,
    });
    await socket.resume(0);
    const staff = await moderator();
    const response = await staff.post('/api/admin/member-ban.php', {
      member: member.id,
      reason: 'Asked members for money',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().member).toMatchObject({
      id: member.id,
      status: 'banned',
      ban_reason: 'Asked members for money',
    });
    // No heartbeat needed: the session-ended notice closes it.
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.sessionEnded);
    expect((await client.get('/api/user.php')).json()).toEqual({ user: null });
    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('member_id', '=', member.id)
      .execute();
    expect(sessions).toEqual([]);
    const login = await new TestClient(t.app).post('/api/user.php', {
      email: member.email,
      password: MEMBER_PASSWORD,
    });
    expect(login.json()).toEqual({ error: 'account_banned' });
  });

  it('hides the profile from other members’ lists and pages', async () => {
    const [member, viewer] = [await visibleMember(), await visibleMember()];
    const asViewer = await loggedInClient(t.app, viewer);
    const page = () => asViewer.get(`/api/member.php?id=${member.id}`);
    expect((await page()).statusCode).toBe(200);
    await (
      await moderator()
    ).post('/api/admin/member-ban.php', {
      member: member.id,
      reason: 'Fake profile',
    });
    expect((await page()).statusCode).toBe(404);
    const featured = await asViewer.get('/api/featured.php');
    expect(JSON.stringify(featured.json())).not.toContain(`"id":${member.id},`);
  });

  it('writes who banned whom and why in the audit log', async () => {
    const member = await visibleMember();
    const staff = await createTestStaff(t, 'moderator', { sites: [t.siteId] });
    await (
      await staffClient(t, staff)
    ).post('/api/admin/member-ban.php', { member: member.id, reason: 'Spam' });
    const [entry] = await auditOf(member.id);
    expect(entry).toMatchObject({
      staff_id: staff.staff.id,
      action: 'member.banned',
      site_id: t.siteId,
    });
    expect(JSON.parse(entry!.before_json!)).toEqual({ status: 'active', ban_reason: null });
    expect(JSON.parse(entry!.after_json!)).toEqual({ status: 'banned', ban_reason: 'Spam' });
  });

  it('refuses a reason too short, changing nothing', async () => {
    const member = await visibleMember();
    const response = await (
      await moderator()
    ).post('/api/admin/member-ban.php', { member: member.id, reason: ' ' });
    expect(response.json().error).toBe('validation_failed');
    expect(await auditOf(member.id)).toEqual([]);
    expect((await loggedInClient(t.app, member)).cookies.has('sid')).toBe(true);
  });

  it('does not find a member of another site, nor a fictional profile', async () => {
    const fictional = await createMember(t.database.db, t.siteId, { is_fictional: 1 });
    const staff = await moderator();
    for (const id of [fictional.id, 2_000_000]) {
      const response = await staff.post('/api/admin/member-ban.php', {
        member: id,
        reason: 'x y z',
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('unbanning a member', () => {
  it('gives back the status they had, so they log in again; audited', async () => {
    const member = await visibleMember();
    const staff = await moderator();
    await staff.post('/api/admin/member-ban.php', { member: member.id, reason: 'By mistake' });
    const response = await staff.delete('/api/admin/member-ban.php', { member: member.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().member).toMatchObject({ status: 'active', ban_reason: null });
    const login = await new TestClient(t.app).post('/api/user.php', {
      email: member.email,
      password: MEMBER_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect((await auditOf(member.id)).map((entry) => entry.action)).toEqual([
      'member.banned',
      'member.unbanned',
    ]);
  });

  it('keeps a member who had not confirmed their address unconfirmed', async () => {
    const member = await createMember(t.database.db, t.siteId, {
      status: 'not_confirmed',
      profile_status: 'disabled',
    });
    const staff = await moderator();
    await staff.post('/api/admin/member-ban.php', { member: member.id, reason: 'Spam bot' });
    const response = await staff.delete('/api/admin/member-ban.php', { member: member.id });
    expect(response.json().member.status).toBe('not_confirmed');
  });

  it('answers not_found for a member who is not banned', async () => {
    const member = await visibleMember();
    const response = await (
      await moderator()
    ).delete('/api/admin/member-ban.php', { member: member.id });
    expect(response.statusCode).toBe(404);
    expect(await auditOf(member.id)).toEqual([]);
  });
});
