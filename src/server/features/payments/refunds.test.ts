import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookCredits } from '@server/features/credits';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { type TestClient } from '@server/test/test-client';
import { paymentsWorld } from '@server/test/payments-test-world';

// Cancelling a purchase within refund_days while its credits are unspent (issue 10 §7), and
// the premium rule of docs/payments.md.
let t: TestApp;
const db = () => t.database.db;
const { loggedIn, memberRow } = paymentsWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function buy(client: TestClient, bundle = 'starter') {
  const { payment_id, checkout_url } = (
    await client.post('/api/checkout.php', {
      bundle,
      method: 'creditcard',
      order_key: randomBytes(12).toString('hex'),
    })
  ).json();
  await t.app.inject({
    method: 'POST',
    url: checkout_url,
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=paid',
  });
  return payment_id as number;
}

describe('POST /api/refund.php', () => {
  it('refuses once some of the credits are spent', async () => {
    const { member, client } = await loggedIn();
    const paymentId = await buy(client);
    await bookCredits(db(), {
      memberId: member.id,
      amount: -5,
      reason: 'message',
      idempotencyKey: `test:spend:${member.id}`,
    });
    const payment = (await client.get(`/api/payment.php?id=${paymentId}`)).json().transaction;
    expect(payment.refundable).toBe(false);
    expect((await client.post('/api/refund.php', { payment_id: paymentId })).json().error).toBe(
      'refund_not_allowed',
    );
    expect(await memberRow(member.id)).toEqual({ credits: 95, paid_user: 1 });
  });

  it('refuses after refund_days (14 on the demo site)', async () => {
    const { client } = await loggedIn();
    const paymentId = await buy(client);
    const fifteenDaysAgo = new Date(Date.now() - 15 * 24 * 3600 * 1000).toISOString();
    await db()
      .updateTable('payments')
      .set({ fulfilled_at: fifteenDaysAgo })
      .where('id', '=', paymentId)
      .execute();
    expect((await client.post('/api/refund.php', { payment_id: paymentId })).statusCode).toBe(409);
  });

  it('keeps premium while another purchase stays paid, and refunds once under parallel calls', async () => {
    const { member, client } = await loggedIn();
    await buy(client, 'starter');
    const second = await buy(client, 'popular');
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.post('/api/refund.php', { payment_id: second })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(await memberRow(member.id)).toEqual({ credits: 100, paid_user: 1 });
    const refunds = await db()
      .selectFrom('credit_transactions')
      .select('amount')
      .where('member_id', '=', member.id)
      .where('reason', '=', 'refund')
      .execute();
    expect(refunds).toEqual([{ amount: -250 }]);
  });
});
