import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { paymentsWorld } from '@server/test/payments-test-world';

// Issue 30 item 7: discount codes (spec §3, every field) and invite codes (spec §1
// invite-only signup) in the console; each change audited in its own transaction.
let t: TestApp;
let admin: TestClient;
const db = () => t.database.db;
const { loggedIn } = paymentsWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffClient(t, await createTestStaff(t, 'admin'));
});
afterAll(() => t.close());

const codeName = () => `CODE${randomBytes(4).toString('hex').toUpperCase()}`;
const newCode = (overrides: Record<string, unknown> = {}) => ({
  code: codeName(),
  country: null,
  user_id: null,
  expires: null,
  value_percentage: 10,
  currency: null,
  minimum_order_value: 0,
  validity: 'many',
  paymentmethods: [],
  ...overrides,
});
const auditOf = (action: string, subject: string) =>
  db()
    .selectFrom('staff_audit')
    .selectAll()
    .where('action', '=', action)
    .where('subject', '=', subject)
    .execute();

async function buyWith(client: TestClient, code: string) {
  const response = await client.post('/api/checkout.php', {
    bundle: 'starter',
    method: 'creditcard',
    code,
    order_key: randomBytes(12).toString('hex'),
  });
  if (response.statusCode !== 200) return response.json();
  const { checkout_url } = response.json();
  await t.app.inject({
    method: 'POST',
    url: checkout_url,
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=paid',
  });
  return response.json();
}

describe('discount codes in the console', () => {
  it('creates a code with every §3 field that a member then redeems, and lists the use', async () => {
    const body = newCode({
      country: 'NL',
      expires: new Date(Date.now() + 86_400_000).toISOString(),
      value_percentage: 20,
      currency: 'EUR',
      minimum_order_value: 100,
      validity: 'once_per_user',
      paymentmethods: ['creditcard', 'ideal'],
    });
    const created = await admin.post('/api/admin/discount-codes.php', body);
    expect(created.statusCode).toBe(200);
    const { code } = created.json();
    expect(code).toMatchObject({ ...body, status: 'active', expired: false, uses: 0 });
    expect(await auditOf('discount_code.create', body.code)).toHaveLength(1);

    const { member, client } = await loggedIn();
    const checkout = await buyWith(client, body.code);
    expect(checkout.payment_id).toBeGreaterThan(0);
    const uses = (await admin.get(`/api/admin/discount-code-uses.php?id=${code.id}`)).json().uses;
    expect(uses).toEqual([
      expect.objectContaining({ member_id: member.id, payment_id: checkout.payment_id }),
    ]);
    const listed = (await admin.get('/api/admin/discount-codes.php')).json().codes;
    expect(listed.find((row: { id: number }) => row.id === code.id).uses).toBe(1);
  });

  it('refuses a code the site already has, or a built-in one, with code_taken and writes nothing', async () => {
    const body = newCode();
    expect((await admin.post('/api/admin/discount-codes.php', body)).statusCode).toBe(200);
    for (const code of [body.code, 'WELCOME25', 'TIMEBONUS25']) {
      const again = await admin.post('/api/admin/discount-codes.php', { ...body, code });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('code_taken');
    }
    const rows = await db()
      .selectFrom('discount_codes')
      .select('id')
      .where('code', '=', body.code)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await auditOf('discount_code.create', body.code)).toHaveLength(1);
  });

  it('refuses bad input by schema (percentage above 100, unknown method) and a member of no site', async () => {
    for (const bad of [
      newCode({ value_percentage: 101 }),
      newCode({ paymentmethods: ['cash'] }),
      newCode({ validity: 'forever' }),
      newCode({ code: 'a b' }),
    ]) {
      const response = await admin.post('/api/admin/discount-codes.php', bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation_failed');
    }
    const stranger = await admin.post(
      '/api/admin/discount-codes.php',
      newCode({ user_id: 2_000_000 }),
    );
    expect(stranger.json().error).toBe('not_found');
  });

  it('edits and ends a code, audited with before and after; an ended code is not found at checkout', async () => {
    const { code } = (await admin.post('/api/admin/discount-codes.php', newCode())).json();
    const edited = await admin.put('/api/admin/discount-codes.php', {
      id: code.id,
      value_percentage: 30,
    });
    expect(edited.json().code.value_percentage).toBe(30);
    const ended = await admin.put('/api/admin/discount-codes.php', {
      id: code.id,
      status: 'inactive',
    });
    expect(ended.json().code.status).toBe('inactive');
    const [change] = await auditOf('discount_code.change', code.code);
    expect(JSON.parse(change!.before_json!).value_percentage).toBe(10);
    expect(JSON.parse(change!.after_json!).value_percentage).toBe(30);
    expect(await auditOf('discount_code.end', code.code)).toHaveLength(1);
    const { client } = await loggedIn();
    expect((await buyWith(client, code.code)).error).toBe('discount_not_found');
  });

  it("does not show or change another site's code", async () => {
    const home = await db()
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', t.siteId)
      .executeTakeFirstOrThrow();
    const other = await db()
      .insertInto('sites')
      .values({
        domain: `other-${randomBytes(3).toString('hex')}.example`,
        company_id: home.company_id,
        settings_json: home.settings_json,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id } = await db()
      .insertInto('discount_codes')
      .values({
        site_id: other.id,
        code: codeName(),
        value_percentage: 50,
        validity: 'many',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const listed = (await admin.get('/api/admin/discount-codes.php')).json().codes;
    expect(listed.map((row: { id: number }) => row.id)).not.toContain(id);
    const change = await admin.put('/api/admin/discount-codes.php', { id, value_percentage: 5 });
    expect(change.statusCode).toBe(404);
    expect((await admin.get(`/api/admin/discount-code-uses.php?id=${id}`)).statusCode).toBe(404);
  });
});

describe('invite codes in the console', () => {
  const signUp = (invite: string) =>
    new TestClient(t.app).post('/api/signup.php', {
      email: `invited-${randomBytes(4).toString('hex')}@example.com`,
      name: 'Invited',
      password: 'a long passphrase here',
      date_of_birth: '1990-01-01',
      invite,
    });

  it('creates a single-use invite that opens signup once, lists its use, and ends another', async () => {
    await updateSiteSettings(t, { signups: 'invite_only' });
    try {
      const single = (
        await admin.post('/api/admin/invites.php', { code: codeName(), max_uses: 1, expires: null })
      ).json().invite;
      expect(single).toMatchObject({ uses: 0, state: 'usable' });
      expect((await signUp(single.code)).statusCode).toBe(200);
      expect((await signUp(single.code)).json().error).toBe('invite_invalid');
      const uses = (await admin.get(`/api/admin/invite-uses.php?id=${single.id}`)).json().uses;
      expect(uses).toHaveLength(1);
      const listed = (await admin.get('/api/admin/invites.php')).json().invites;
      expect(listed.find((row: { id: number }) => row.id === single.id).state).toBe('used_up');

      const multi = (
        await admin.post('/api/admin/invites.php', { code: codeName(), max_uses: 5, expires: null })
      ).json().invite;
      const ended = await admin.delete('/api/admin/invites.php', { id: multi.id });
      expect(ended.json().invite.state).toBe('expired');
      expect((await signUp(multi.code)).json().error).toBe('invite_invalid');
      expect(await auditOf('invite.create', multi.code)).toHaveLength(1);
      expect(await auditOf('invite.end', multi.code)).toHaveLength(1);
    } finally {
      await updateSiteSettings(t, { signups: 'all' });
    }
  });

  it('refuses an expired invite at signup by the same rule, and a taken code with code_taken', async () => {
    await updateSiteSettings(t, { signups: 'invite_only' });
    try {
      const past = new Date(Date.now() - 1000).toISOString();
      const invite = (
        await admin.post('/api/admin/invites.php', { code: codeName(), max_uses: 3, expires: past })
      ).json().invite;
      expect(invite.state).toBe('expired');
      expect((await signUp(invite.code)).json().error).toBe('invite_invalid');
      const again = await admin.post('/api/admin/invites.php', {
        code: invite.code,
        max_uses: 1,
        expires: null,
      });
      expect(again.json().error).toBe('code_taken');
      expect(
        await db().selectFrom('invites').select('id').where('code', '=', invite.code).execute(),
      ).toHaveLength(1);
    } finally {
      await updateSiteSettings(t, { signups: 'all' });
    }
  });
});
