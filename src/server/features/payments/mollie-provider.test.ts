import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mollieTestWorld } from '@server/test/mollie-test-world';

// The real @mollie/api-client against a local fake of the Mollie API (issue 10): create with
// an idempotency key, webhook → fetch → exactly-once grant, forged ids, refund.
const mollie = mollieTestWorld();
const { db, loggedIn, memberRow, webhook, webhookWithBody, mollieIdOf } = mollie;

describe('Mollie through its official client, against a local fake', () => {
  it('creates one payment per order with our id as idempotency key and metadata', async () => {
    const { client } = await loggedIn();
    const order = {
      bundle: 'popular',
      method: 'ideal',
      issuer: 'ideal_RABONL2U',
      order_key: randomBytes(12).toString('hex'),
    };
    const first = await client.post('/api/checkout.php', order);
    expect(first.statusCode).toBe(200);
    const { payment_id, checkout_url } = first.json();
    expect(checkout_url).toMatch(/\/checkout\/tr_\w+$/);
    // The page retried (double click): the same order, no second payment at Mollie.
    expect((await client.post('/api/checkout.php', order)).json()).toEqual(first.json());

    const creates = mollie.fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v2/payments',
    );
    const mine = creates.filter((request) =>
      request.idempotencyKey?.endsWith(`:payment:${payment_id}`),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toMatchObject({
      amount: { currency: 'EUR', value: '29.95' },
      method: 'ideal',
      issuer: 'ideal_RABONL2U',
      metadata: { payment_id },
      redirectUrl: expect.stringMatching(new RegExp(`/transactions/${payment_id}$`)),
    });
  });

  it('grants once on the webhook only after Mollie says paid, then refunds through Mollie', async () => {
    const { member, client } = await loggedIn();
    const { payment_id } = (
      await client.post('/api/checkout.php', {
        bundle: 'starter',
        method: 'creditcard',
        order_key: randomBytes(12).toString('hex'),
      })
    ).json();
    const mollieId = await mollieIdOf(payment_id);

    // A body that claims "paid" while Mollie says open: nothing.
    expect((await webhookWithBody(`id=${mollieId}&status=paid`)).statusCode).toBe(200);
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });

    mollie.fake.setStatus(mollieId, 'paid');
    const calls = await Promise.all([1, 2, 3].map(() => webhook(mollieId)));
    expect(calls.map((call) => call.statusCode)).toEqual([200, 200, 200]);
    expect(await memberRow(member.id)).toEqual({ credits: 100, paid_user: 1 });
    const answer = (await client.get(`/api/payment.php?id=${payment_id}`)).json();
    expect(answer.transaction).toMatchObject({ status: 'paid', refundable: true });

    const refund = await client.post('/api/refund.php', { payment_id });
    expect(refund.statusCode).toBe(200);
    expect(refund.json().transaction.status).toBe('refunded');
    expect(mollie.fake.refunds).toContainEqual({
      paymentId: mollieId,
      amount: { currency: 'EUR', value: '14.95' },
    });
    // The only purchase was withdrawn: credits back out, premium gone (docs/payments.md).
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
    // A late webhook after the refund (Mollie still says paid) grants nothing again.
    await webhook(mollieId);
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
    expect((await client.post('/api/refund.php', { payment_id })).json().error).toBe(
      'refund_not_allowed',
    );
  });

  it('ignores ids Mollie does not know and ids that are not Mollie’s', async () => {
    const before = mollie.fake.requests.length;
    expect((await webhook('tr_unknown123')).json()).toEqual({ ok: true });
    expect((await webhook('../../v2/payments')).json()).toEqual({ ok: true });
    // Unknown to us: Mollie is not even asked.
    expect(mollie.fake.requests.length).toBe(before);
  });

  it('a superseded order Mollie cannot cancel any more is refunded when paid, never granted at the discount', async () => {
    // A new member: the time bonus applies to every checkout without a code.
    const { member, client } = await loggedIn({ created_at: new Date().toISOString() });
    const open = (body: Record<string, unknown> = {}) =>
      client.post('/api/checkout.php', {
        bundle: 'starter',
        method: 'creditcard',
        order_key: randomBytes(12).toString('hex'),
        ...body,
      });
    // The member paid the first order at Mollie; its webhook has not come yet.
    const first = (await open()).json().payment_id as number;
    const firstMollieId = await mollieIdOf(first);
    mollie.fake.setStatus(firstMollieId, 'paid');
    // A second tab opens another checkout: it takes the claim; Mollie refuses to cancel a
    // paid payment, so the first stays as it is.
    const second = (await open()).json().payment_id as number;
    const secondMollieId = await mollieIdOf(second);
    expect(mollie.fake.requests).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/v2/payments/${firstMollieId}` }),
    );
    mollie.fake.setStatus(secondMollieId, 'paid');
    await webhook(secondMollieId);
    await webhook(firstMollieId);
    // Only the claim holder is granted at the discount; the other is refunded in full at once.
    expect(await memberRow(member.id)).toEqual({ credits: 100, paid_user: 1 });
    expect(mollie.fake.refunds).toContainEqual({
      paymentId: firstMollieId,
      amount: { currency: 'EUR', value: '11.21' },
    });
    const firstNow = (await client.get(`/api/payment.php?id=${first}`)).json().transaction;
    expect(firstNow.status).toBe('refunded');
    const redemptions = await db()
      .selectFrom('discount_redemptions')
      .select('payment_id')
      .where('member_id', '=', member.id)
      .orderBy('payment_id')
      .execute();
    expect(redemptions.map((row) => row.payment_id)).toEqual([second]);

    // The time bonus is used now: a new checkout is at the full price.
    const third = (await open()).json().payment_id as number;
    const row = await db()
      .selectFrom('payments')
      .select(['discount_code', 'amount_cents'])
      .where('id', '=', third)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ discount_code: null, amount_cents: 1495 });
  });

  it('a superseded open order is cancelled at Mollie', async () => {
    const { client } = await loggedIn({ created_at: new Date().toISOString() });
    const open = () =>
      client.post('/api/checkout.php', {
        bundle: 'starter',
        method: 'banktransfer',
        order_key: randomBytes(12).toString('hex'),
      });
    const first = (await open()).json().payment_id as number;
    await open();
    const answer = (await client.get(`/api/payment.php?id=${first}`)).json();
    expect(answer.transaction.status).toBe('canceled');
  });
});
