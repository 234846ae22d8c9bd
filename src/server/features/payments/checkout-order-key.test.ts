import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { paymentsWorld } from '@server/test/payments-test-world';

// The checkout's order key (issue 10 "a member going back during checkout: nothing doubled,
// nothing lost"): one key is one order. The same key with another method, bank, bundle or
// discount code must not quietly answer the first order, or the member would be sent to pay
// a method or a price the page no longer shows.
let t: TestApp;
const db = () => t.database.db;
const { loggedIn } = paymentsWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function discountCode() {
  const code = `HALF${randomBytes(3).toString('hex').toUpperCase()}`;
  await db()
    .insertInto('discount_codes')
    .values({
      site_id: t.siteId,
      code,
      value_percentage: 50,
      validity: 'many',
      created_at: new Date().toISOString(),
    })
    .execute();
  return code;
}

const paymentsOf = (memberId: number) =>
  db()
    .selectFrom('payments')
    .select(['method', 'amount_cents', 'discount_code'])
    .where('member_id', '=', memberId)
    .execute();

describe('POST /api/checkout.php with an order key used before', () => {
  it('answers the same order for the same choice (a double click, a retry)', async () => {
    const { member, client } = await loggedIn();
    const order = {
      bundle: 'popular',
      method: 'ideal',
      order_key: randomBytes(12).toString('hex'),
    };
    const first = await client.post('/api/checkout.php', order);
    const again = await client.post('/api/checkout.php', order);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await paymentsOf(member.id)).toHaveLength(1);
  });

  it('refuses it for another method, bank, bundle or code instead of answering the first order', async () => {
    const { member, client } = await loggedIn();
    const order_key = randomBytes(12).toString('hex');
    const first = await client.post('/api/checkout.php', {
      bundle: 'popular',
      method: 'ideal',
      order_key,
    });
    expect(first.statusCode).toBe(200);
    const changed = [
      { bundle: 'popular', method: 'creditcard' },
      { bundle: 'popular', method: 'ideal', issuer: 'ideal_INGBNL2A' },
      { bundle: 'best', method: 'ideal' },
      { bundle: 'popular', method: 'ideal', code: await discountCode() },
    ];
    for (const choice of changed) {
      const answer = await client.post('/api/checkout.php', { ...choice, order_key });
      expect(answer.statusCode, JSON.stringify(choice)).toBe(409);
      expect(answer.json().error).toBe('idempotency_key_reused');
    }
    expect(await paymentsOf(member.id)).toEqual([
      { method: 'ideal', amount_cents: 2995, discount_code: null },
    ]);
  });
});
