import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { paymentsWorld } from '@server/test/payments-test-world';

// A direct debit confirmation books its own order only (issue 10 §5 "the confirmed order
// booked through the same exactly-once fulfilment"; issue 10 "tampered prices or bundle ids
// from the client are ignored"). The order key comes from the client: one already used for a
// checkout must not turn that unpaid checkout order into a paid one.
let t: TestApp;
const db = () => t.database.db;
const { loggedIn } = paymentsWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const directDebitForm = (bundle: string, order_key: string) => ({
  bundle,
  account_holder: 'R. de Vries',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CS',
  city: 'Amsterdam',
  phone: '+31 6 5555 7777',
  order_key,
});

async function lastCode() {
  const row = await db()
    .selectFrom('outbox_sms')
    .select('text')
    .where('phone', '=', '+31655557777')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.text)![1]!;
}

describe('POST /api/directdebit-confirm.php with an order key used by a checkout', () => {
  it('grants nothing for the unpaid checkout order and books no direct debit in its place', async () => {
    const { member, client } = await loggedIn();
    const order_key = randomBytes(12).toString('hex');
    // The dearest bundle by iDEAL, left unpaid at the provider ...
    const checkout = await client.post('/api/checkout.php', {
      bundle: 'best',
      method: 'ideal',
      order_key,
    });
    expect(checkout.statusCode).toBe(200);
    // ... then the cheapest by direct debit under the same key.
    const requested = await client.post(
      '/api/directdebit.php',
      directDebitForm('starter', order_key),
    );
    const { request_id } = requested.json();
    const confirmed = await client.post('/api/directdebit-confirm.php', {
      request_id,
      otp: await lastCode(),
    });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error).toBe('idempotency_key_reused');

    const payments = await db()
      .selectFrom('payments')
      .select(['method', 'status'])
      .where('member_id', '=', member.id)
      .execute();
    expect(payments).toEqual([{ method: 'ideal', status: 'open' }]);
    const after = await db()
      .selectFrom('members')
      .select(['credits', 'paid_user'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ credits: member.credits, paid_user: 0 });
  });
});
