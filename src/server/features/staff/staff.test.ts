import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import {
  STAFF_PASSWORD,
  createTestStaff,
  currentCode,
  staffClient,
} from '@server/test/staff-actors';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { timeStepOf, totpCode } from './totp';

// Issue 30 items 1 and 2: staff log in with password and TOTP, apart from members; a change
// of role ends their sessions at once; every change is in the audit log.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_LOCKOUT_MINUTES: '15' });
});
afterAll(() => t.close());

const logIn = (client: TestClient, email: string, code: string, password = STAFF_PASSWORD) =>
  client.post('/api/admin/login.php', { email, password, code });

describe('staff login (issue 30 item 1)', () => {
  it('asks for the password and a fresh TOTP code, and refuses the same code again', async () => {
    const owner = await createTestStaff(t, 'owner');
    const client = new TestClient(t.app);
    const wrongCode = String((Number(currentCode(owner)) + 1) % 1_000_000).padStart(6, '0');
    expect((await logIn(client, owner.staff.email, wrongCode)).json()).toEqual({
      error: 'login_failed',
    });
    const code = currentCode(owner);
    expect((await logIn(client, owner.staff.email, code, 'wrong password')).statusCode).toBe(401);
    const ok = await logIn(client, owner.staff.email, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().staff).toMatchObject({ role: 'owner', sites: 'all' });
    const cookie = ok.cookies.find((c) => c.name === 'staff_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 12 * 3600 });
    expect((await client.get('/api/admin/me.php')).json().staff.email).toBe(owner.staff.email);
    // The same code, in its own 30 s, from another browser: a replay, refused.
    expect((await logIn(new TestClient(t.app), owner.staff.email, code)).statusCode).toBe(401);
    // An earlier step's code (still within the drift window) is older than the one used.
    const earlier = totpCode(owner.totpSecret, timeStepOf(new Date()) - 1);
    expect((await logIn(new TestClient(t.app), owner.staff.email, earlier)).statusCode).toBe(401);
  });

  it("logs in once with a code from otplib's own generator and refuses its replay", async () => {
    const operator = await createTestStaff(t, 'operator');
    // What an authenticator app would show now, made by the library rather than our wrapper.
    const code = generateSync({ secret: operator.totpSecret });
    expect((await logIn(new TestClient(t.app), operator.staff.email, code)).statusCode).toBe(200);
    expect((await logIn(new TestClient(t.app), operator.staff.email, code)).json()).toEqual({
      error: 'login_failed',
    });
  });

  it('takes each recovery code once', async () => {
    const owner = await createTestStaff(t, 'owner');
    const [code] = owner.recoveryCodes;
    expect((await logIn(new TestClient(t.app), owner.staff.email, code!)).statusCode).toBe(200);
    expect((await logIn(new TestClient(t.app), owner.staff.email, code!)).statusCode).toBe(401);
  });

  it("locks a stranger's browser out, never the staff member's own", async () => {
    const operator = await createTestStaff(t, 'operator');
    const own = await staffClient(t, operator);
    await own.post('/api/admin/logout.php');
    const stranger = new TestClient(t.app);
    for (let attempt = 0; attempt < 3; attempt += 1)
      await logIn(stranger, operator.staff.email, '000000', 'guess');
    const locked = await logIn(stranger, operator.staff.email, operator.recoveryCodes[0]!);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: 'account_locked' });
    // The browser they logged in from before has its own pool.
    const mine = await logIn(own, operator.staff.email, operator.recoveryCodes[1]!);
    expect(mine.statusCode).toBe(200);
  });

  it('keeps members and staff apart: a member session is no staff session', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: member.email, password: 'correct horse battery' });
    const me = await client.get('/api/admin/me.php');
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({ error: 'authentication_required' });
    // A member's address and password are no staff login either.
    expect((await logIn(client, member.email, '123456', 'correct horse battery')).statusCode).toBe(
      401,
    );
  });

  it('ends the sessions of a staff member whose role changes, and audits the change', async () => {
    const owner = await createTestStaff(t, 'owner');
    const moderator = await createTestStaff(t, 'moderator');
    const ownerBrowser = await staffClient(t, owner);
    const moderatorBrowser = await staffClient(t, moderator);
    expect((await moderatorBrowser.get('/api/admin/me.php')).statusCode).toBe(200);
    // Only owners manage staff.
    const refused = await moderatorBrowser.put('/api/admin/staff.php', {
      staff: moderator.staff.id,
      role: 'owner',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden' });

    const changed = await ownerBrowser.put('/api/admin/staff.php', {
      staff: moderator.staff.id,
      role: 'operator',
    });
    expect(changed.json().staff.role).toBe('operator');
    expect((await moderatorBrowser.get('/api/admin/me.php')).statusCode).toBe(403);

    const audit = await ownerBrowser.get(`/api/admin/audit.php?action=staff.changed`);
    const [entry] = audit.json().entries;
    expect(entry).toMatchObject({
      staff_id: owner.staff.id,
      action: 'staff.changed',
      subject: `staff:${moderator.staff.id}`,
      before: { role: 'moderator' },
      after: { role: 'operator' },
    });
    expect(JSON.stringify(audit.json())).not.toContain('argon2');
    // Only owners read it.
    const again = await staffClient(t, moderator);
    expect((await again.get('/api/admin/audit.php')).statusCode).toBe(403);
  });

  it('refuses staff of other sites on this site', async () => {
    const elsewhere = await createTestStaff(t, 'owner', { sites: [t.siteId + 1000] });
    const client = await staffClient(t, elsewhere);
    expect((await client.get('/api/admin/me.php')).json()).toEqual({ error: 'forbidden' });
  });

  it('lets an owner create staff, shown their second factor once, audited', async () => {
    const owner = await createTestStaff(t, 'owner');
    const client = await staffClient(t, owner);
    const created = await client.post('/api/admin/staff.php', {
      email: 'new.operator@example.com',
      name: 'New Operator',
      password: 'a long enough password',
      role: 'operator',
      sites: [t.siteId],
      languages: ['nl'],
    });
    expect(created.statusCode).toBe(200);
    const answer = created.json();
    expect(answer.otpauth_url).toContain(`secret=${answer.totp_secret}`);
    expect(answer.recovery_codes).toHaveLength(10);
    const entries = (await client.get('/api/admin/audit.php?action=staff.created')).json().entries;
    expect(entries[0]).toMatchObject({ staff_id: owner.staff.id, after: { role: 'operator' } });
  });
});
