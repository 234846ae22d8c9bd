import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMemberById } from '@server/db/members-table';
import { MEMBER_PASSWORD, createMember } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 31 item 7, spec §1 (account deletion with retention offers), §3 delete_discount.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

const statusOf = async (memberId: number) => (await findMemberById(db(), memberId))?.status;

describe('the retention offer (spec §1, §3 delete_discount)', () => {
  it("offers the company's delete_discount as one personal code, the same on a second ask", async () => {
    const member = await createMember(db(), t.siteId);
    const client = await loggedInClient(t.app, member);
    const offer = await client.get('/api/account-deletion.php');
    expect(offer.statusCode).toBe(200);
    // The demo company gives 50 % (seed/demo-site.ts).
    expect(offer.json().offer).toEqual({
      discount_percentage: 50,
      discount: null,
      invisible: false,
    });

    const taken = await client.post('/api/retention-discount.php', {});
    expect(taken.statusCode, taken.body).toBe(200);
    const { discount } = taken.json();
    expect(discount).toMatchObject({ value_percentage: 50, code: expect.stringMatching(/^STAY-/) });
    expect((await client.post('/api/retention-discount.php', {})).json().discount).toEqual(
      discount,
    );
    expect((await client.get('/api/account-deletion.php')).json().offer.discount).toEqual(discount);

    // It is a real code of this member: the checkout takes it, another member cannot.
    const check = await client.get(`/api/discountcode.php?code=${discount.code}`);
    expect(check.statusCode, check.body).toBe(200);
    const other = await loggedInClient(t.app, await createMember(db(), t.siteId));
    expect((await other.get(`/api/discountcode.php?code=${discount.code}`)).json().error).toBe(
      'discount_not_found',
    );
  });
});

describe('deleting the account (spec §1)', () => {
  it('without the right password: password_wrong, and nothing changed', async () => {
    const member = await createMember(db(), t.siteId);
    const client = await loggedInClient(t.app, member);
    const answer = await client.post('/api/account-deletion.php', { password: 'not the password' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error).toBe('password_wrong');
    expect(await statusOf(member.id)).toBe('active');
    expect((await client.get('/api/user.php')).json().user).not.toBeNull();
  });

  it('ends every session, hides the profile at once and keeps the row for the undo', async () => {
    const member = await createMember(db(), t.siteId);
    const client = await loggedInClient(t.app, member);
    const otherBrowser = await loggedInClient(t.app, member);
    const viewer = await loggedInClient(t.app, await createMember(db(), t.siteId));
    expect((await viewer.get(`/api/member.php?id=${member.id}`)).statusCode).toBe(200);

    const answer = await client.post('/api/account-deletion.php', { password: MEMBER_PASSWORD });
    expect(answer.statusCode, answer.body).toBe(200);

    // Both browsers are logged out (the session lookup refuses a deleted member, and the
    // sessions are gone); the member's page is missing for everyone.
    expect((await client.get('/api/user.php')).json().user).toBeNull();
    expect((await otherBrowser.get('/api/user.php')).json().user).toBeNull();
    expect((await otherBrowser.get('/api/account.php')).json().error).toBe(
      'authentication_required',
    );
    expect((await viewer.get(`/api/member.php?id=${member.id}`)).statusCode).toBe(404);
    const stored = await findMemberById(db(), member.id);
    expect(stored).toMatchObject({
      status: 'deleted',
      status_before_deletion: 'active',
      email: member.email,
    });
    expect(
      await db()
        .selectFrom('sessions')
        .select('token_hash')
        .where('member_id', '=', member.id)
        .execute(),
    ).toEqual([]);
  });
});

describe('the undo within 14 days (spec §9)', () => {
  async function deletedDaysAgo(days: number) {
    const member = await createMember(db(), t.siteId, { status: 'not_confirmed' });
    const client = await loggedInClient(t.app, member);
    expect(
      (await client.post('/api/account-deletion.php', { password: MEMBER_PASSWORD })).statusCode,
    ).toBe(200);
    const deletedAt = new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    await db()
      .updateTable('members')
      .set({ deleted_at: deletedAt })
      .where('id', '=', member.id)
      .execute();
    return member;
  }
  const credentials = (member: { email: string }, password = MEMBER_PASSWORD) => ({
    email: member.email,
    password,
  });

  it('on day 13 the login offers the restore, which brings the account back intact', async () => {
    const member = await deletedDaysAgo(13);
    const browser = new TestClient(t.app);
    const login = await browser.post('/api/user.php', credentials(member));
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe('account_deleted_restorable');
    // Only with the password: a wrong one is an ordinary failed login.
    expect(
      (await browser.post('/api/user.php', credentials(member, 'wrong password'))).json().error,
    ).toBe('login_failed');
    expect(
      (await browser.post('/api/account-restore.php', credentials(member, 'wrong password'))).json()
        .error,
    ).toBe('login_failed');
    expect(await statusOf(member.id)).toBe('deleted');

    const restore = await browser.post('/api/account-restore.php', credentials(member));
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json().user.status).toBe('not_confirmed');
    expect((await browser.get('/api/user.php')).json().user).not.toBeNull();
    expect(await findMemberById(db(), member.id)).toMatchObject({
      status: 'not_confirmed',
      deleted_at: null,
      status_before_deletion: null,
    });
  });

  it('on day 15 the restore answers account_restore_expired and changes nothing', async () => {
    const member = await deletedDaysAgo(15);
    const browser = new TestClient(t.app);
    expect((await browser.post('/api/user.php', credentials(member))).json().error).toBe(
      'login_failed',
    );
    const restore = await browser.post('/api/account-restore.php', credentials(member));
    expect(restore.statusCode).toBe(403);
    expect(restore.json().error).toBe('account_restore_expired');
    expect(await statusOf(member.id)).toBe('deleted');
    expect((await browser.get('/api/user.php')).json().user).toBeNull();
  });
});
