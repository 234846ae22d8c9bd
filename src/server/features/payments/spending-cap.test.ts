import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';
import type { TestClient } from '@server/test/test-client';
import { paymentsWorld } from '@server/test/payments-test-world';
import { setSpendingCap, spendingCapOf } from './spending-cap';

// Issue 31 item 9: a member's own monthly limit on credit purchases. The demo site sells the
// 'popular' bundle at €29.95 and 'starter' below it (checkout.test.ts).
let t: TestApp;
const db = () => t.database.db;
const { loggedIn } = paymentsWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orderKey = () => randomBytes(12).toString('base64url');
const checkout = (client: TestClient, bundle = 'popular', key = orderKey()) =>
  client.post('/api/checkout.php', { bundle, method: 'ideal', order_key: key });
const paymentsOf = (memberId: number) =>
  db().selectFrom('payments').select(['id', 'status']).where('member_id', '=', memberId).execute();
const HOUR = 3_600_000;

/** The tester's choice on the demo provider's checkout page (checkout.test.ts). */
async function choose(checkoutUrl: string, outcome: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: checkoutUrl,
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(response.statusCode).toBe(303);
}

describe('the spending cap at checkout', () => {
  it('lets a member without a limit buy as before', async () => {
    const { client } = await loggedIn({ country: 'NL' });
    expect((await checkout(client)).statusCode).toBe(200);
  });

  it('refuses an order that would pass the limit, and stores no order', async () => {
    const { member, client } = await loggedIn({ country: 'NL' });
    expect((await client.put('/api/spending-cap.php', { cap_cents: 2000 })).statusCode).toBe(200);
    const refused = await checkout(client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'spending_cap_reached' });
    expect(await paymentsOf(member.id)).toEqual([]);
  });

  it('counts paid orders, and open ones only while they may still be paid (half an hour)', async () => {
    const { member, client } = await loggedIn({ country: 'NL' });
    await client.put('/api/spending-cap.php', { cap_cents: 6000 });
    const paid = (await checkout(client)).json();
    await choose(paid.checkout_url, 'paid');
    expect(
      (await client.get(`/api/payment.php?id=${paid.payment_id}`)).json().transaction.status,
    ).toBe('paid');
    expect((await checkout(client)).statusCode).toBe(200); // €29.95 paid + €29.95 open fits €60
    expect((await checkout(client)).statusCode).toBe(403); // a third does not
    expect((await client.get('/api/spending-cap.php')).json().spent_cents).toBe(5990);
    // The open order is abandoned: after half an hour only the paid one counts.
    const later = new Date(Date.now() + 31 * 60_000);
    expect((await spendingCapOf(db(), member.id, 'EUR', later)).spent_cents).toBe(2995);
  });

  it('lets a retry of the same order through even when the limit is now reached', async () => {
    const { client } = await loggedIn({ country: 'NL' });
    await client.put('/api/spending-cap.php', { cap_cents: 3000 });
    const key = orderKey();
    const first = await checkout(client, 'popular', key);
    expect(first.statusCode).toBe(200);
    const retry = await checkout(client, 'popular', key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().payment_id).toBe(first.json().payment_id);
  });

  it('lets exactly one of two checkouts at once through when the limit holds one', async () => {
    const { member, client } = await loggedIn({ country: 'NL' });
    await client.put('/api/spending-cap.php', { cap_cents: 3000 });
    const answers = await Promise.all([checkout(client), checkout(client), checkout(client)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403, 403]);
    expect(await paymentsOf(member.id)).toHaveLength(1);
  });

  it('refuses a limit below zero or not in whole cents, and keeps the one in force', async () => {
    const { client } = await loggedIn({ country: 'NL' });
    await client.put('/api/spending-cap.php', { cap_cents: 5000 });
    for (const cap_cents of [-1, 10.5, '5000']) {
      const answer = await client.put('/api/spending-cap.php', { cap_cents });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toBe('validation_failed');
    }
    expect((await client.get('/api/spending-cap.php')).json()).toMatchObject({
      cap_cents: 5000,
      currency: 'EUR',
      next: null,
    });
  });

  it('refuses a direct debit that would pass the limit before any code is texted', async () => {
    const { member, client } = await loggedIn({ country: 'NL' });
    await client.put('/api/spending-cap.php', { cap_cents: 2000 });
    const refused = await client.post('/api/directdebit.php', {
      bundle: 'popular',
      account_holder: 'R. de Vries',
      iban: 'NL91 ABNA 0417 1643 00',
      street: 'Keizersgracht',
      house_number: '12a',
      zip: '1015 CS',
      city: 'Amsterdam',
      phone: '+31 6 1234 9876',
      order_key: orderKey(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'spending_cap_reached' });
    expect(await paymentsOf(member.id)).toEqual([]);
    const texts = await db()
      .selectFrom('outbox_sms')
      .select('id')
      .where('phone', '=', '+31612349876')
      .execute();
    expect(texts).toEqual([]);
  });

  it('answers only the asking member’s own limit', async () => {
    const { client } = await loggedIn({ country: 'NL' });
    const { client: other } = await loggedIn({ country: 'NL' });
    await client.put('/api/spending-cap.php', { cap_cents: 1234 });
    expect((await other.get('/api/spending-cap.php')).json().cap_cents).toBeNull();
  });
});

describe('changing the limit', () => {
  it('lowers at once, raises and removes only after 24 hours', async () => {
    const { member } = await loggedIn({ country: 'NL' });
    const start = new Date('2026-11-10T12:00:00.000Z');
    const at = (hours: number) => new Date(start.getTime() + hours * HOUR);
    await setSpendingCap(db(), member.id, 'EUR', 5000, start);
    expect((await spendingCapOf(db(), member.id, 'EUR', start)).cap_cents).toBe(5000);

    await setSpendingCap(db(), member.id, 'EUR', 2000, at(1));
    expect((await spendingCapOf(db(), member.id, 'EUR', at(1))).cap_cents).toBe(2000);

    await setSpendingCap(db(), member.id, 'EUR', 9000, at(2));
    const waiting = await spendingCapOf(db(), member.id, 'EUR', at(2));
    expect(waiting.cap_cents).toBe(2000);
    expect(waiting.next).toEqual({ cap_cents: 9000, from: at(26).toISOString() });
    expect((await spendingCapOf(db(), member.id, 'EUR', at(25.9))).cap_cents).toBe(2000);
    expect((await spendingCapOf(db(), member.id, 'EUR', at(26))).cap_cents).toBe(9000);

    await setSpendingCap(db(), member.id, 'EUR', null, at(30));
    expect((await spendingCapOf(db(), member.id, 'EUR', at(31))).cap_cents).toBe(9000);
    expect((await spendingCapOf(db(), member.id, 'EUR', at(54))).cap_cents).toBeNull();
  });

  it('drops a raise that waits when the member asks for the limit in force again', async () => {
    const { member } = await loggedIn({ country: 'NL' });
    const now = new Date('2026-11-10T12:00:00.000Z');
    await setSpendingCap(db(), member.id, 'EUR', 3000, now);
    await setSpendingCap(db(), member.id, 'EUR', 8000, now);
    await setSpendingCap(db(), member.id, 'EUR', 3000, now);
    const later = new Date(now.getTime() + 48 * HOUR);
    expect(await spendingCapOf(db(), member.id, 'EUR', later)).toMatchObject({
      cap_cents: 3000,
      next: null,
    });
  });

  it('answers the change through the API: a raise shows as waiting', async () => {
    const { client } = await loggedIn({ country: 'NL' });
    await client.put('/api/spending-cap.php', { cap_cents: 1000 });
    const raised = (await client.put('/api/spending-cap.php', { cap_cents: 4000 })).json();
    expect(raised.cap_cents).toBe(1000);
    expect(raised.next.cap_cents).toBe(4000);
    expect(Date.parse(raised.next.from) - Date.now()).toBeGreaterThan(23 * HOUR);
  });
});
