import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberOptions } from '@server/test/factories';
import { seedDemoSite } from '@server/seed/demo-site';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { paymentsWorld } from '@server/test/payments-test-world';

// Bundles, checkout through the demo provider and exactly-once fulfilment (issue 10 §1-§3;
// spec §1 "the first credit purchase makes a member premium", §4 payment status).
let t: TestApp;
const db = () => t.database.db;
const { loggedIn, memberRow, ledger } = paymentsWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orderKey = () => randomBytes(12).toString('base64url');

async function checkout(client: TestClient, body: Record<string, unknown> = {}) {
  return client.post('/api/checkout.php', {
    bundle: 'popular',
    method: 'ideal',
    order_key: orderKey(),
    ...body,
  });
}

/** The tester's choice on the demo checkout page; answers where the browser is sent. */
async function choose(checkoutUrl: string, outcome: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: checkoutUrl,
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(response.statusCode).toBe(303);
  return response.headers.location;
}

const providerIdOf = async (paymentId: number) =>
  (
    await db()
      .selectFrom('payments')
      .select('provider_payment_id')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow()
  ).provider_payment_id!;

const webhook = (id: string, extra = '') =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${encodeURIComponent(id)}${extra}`,
  });

describe('GET /api/bundles.php', () => {
  it('prices the bundles in the member’s currency, with the methods of their country', async () => {
    const { client } = await loggedIn({ country: 'NL' });
    const answer = (await client.get('/api/bundles.php')).json();
    expect(answer.currency).toBe('EUR');
    expect(answer.country).toBe('NL');
    expect(answer.vat_percent).toBe(21);
    expect(answer.bundles.map((bundle: { id: string }) => bundle.id)).toEqual([
      'starter',
      'popular',
      'value',
      'best',
    ]);
    expect(answer.bundles[1]).toEqual({
      id: 'popular',
      credits: 250,
      price: 2995,
      popular: true,
      discounted_price: null,
    });
    expect(answer.methods).toContain('ideal');
    expect(answer.issuers.ideal).toContain('ideal_INGBNL2A');

    const swiss = await loggedIn({ country: 'CH' });
    const chf = (await swiss.client.get('/api/bundles.php')).json();
    expect(chf.currency).toBe('CHF');
    expect(chf.methods).not.toContain('ideal');
  });

  it('answers a visitor for the country the settings picked (/pricing)', async () => {
    const answer = (await new TestClient(t.app).get('/api/bundles.php?country=GB')).json();
    expect(answer.currency).toBe('GBP');
    expect(answer.discount).toBeNull();
  });
});

describe('checkout through the demo provider', () => {
  it('grants the credits once and makes the member premium at once (no new login)', async () => {
    const { member, client } = await loggedIn({ credits: 0 } as MemberOptions);
    const started = await checkout(client, { issuer: 'ideal_INGBNL2A' });
    expect(started.statusCode).toBe(200);
    const { payment_id, checkout_url } = started.json();
    expect(checkout_url).toMatch(/^\/demo-checkout\/demo_/);

    const pending = (await client.get(`/api/payment.php?id=${payment_id}`)).json();
    expect(pending.transaction).toMatchObject({ status: 'open', price: 2995, credits: 250 });

    expect(await choose(checkout_url, 'paid')).toBe(`/transactions/${payment_id}`);
    const done = (await client.get(`/api/payment.php?id=${payment_id}`)).json();
    expect(done.transaction.status).toBe('paid');
    expect(done.credits).toBe(250);
    expect(await memberRow(member.id)).toEqual({ credits: 250, paid_user: 1 });
    // The same session sees premium right away.
    expect((await client.get('/api/user.php')).json().user).toMatchObject({
      paid_user: true,
      credits: 250,
    });
    // Webhook replays, a late status ask: still one grant.
    const providerId = await providerIdOf(payment_id);
    for (let i = 0; i < 3; i += 1) expect((await webhook(providerId)).statusCode).toBe(200);
    await client.get(`/api/payment.php?id=${payment_id}`);
    expect(await ledger(member.id)).toEqual([
      { amount: 250, idempotency_key: `payment:${payment_id}` },
    ]);
  });

  it('grants once when many webhooks for the paid payment arrive at the same time', async () => {
    const { member, client } = await loggedIn();
    const { payment_id, checkout_url } = (await checkout(client)).json();
    const providerId = await providerIdOf(payment_id);
    // The provider decides without telling us (its webhook is still under way) ...
    t.app.log.level = 'silent';
    const decided = await t.app.inject({
      method: 'POST',
      url: checkout_url,
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid',
    });
    expect(decided.statusCode).toBe(303);
    // ... and then the webhooks and the status page all ask at once.
    await Promise.all([
      ...Array.from({ length: 8 }, () => webhook(providerId)),
      ...Array.from({ length: 4 }, () => client.get(`/api/payment.php?id=${payment_id}`)),
    ]);
    expect(await ledger(member.id)).toHaveLength(1);
    expect((await memberRow(member.id)).credits).toBe(250);
  });

  it('a failed, canceled or expired payment grants nothing and stays final', async () => {
    for (const outcome of ['failed', 'canceled', 'expired']) {
      const { member, client } = await loggedIn();
      const { payment_id, checkout_url } = (await checkout(client)).json();
      await choose(checkout_url, outcome);
      const answer = (await client.get(`/api/payment.php?id=${payment_id}`)).json();
      expect(answer.transaction.status).toBe(outcome);
      // Going back to the provider's page and choosing again changes nothing.
      await choose(checkout_url, 'paid');
      expect(
        (await client.get(`/api/payment.php?id=${payment_id}`)).json().transaction.status,
      ).toBe(outcome);
      expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
    }
  });

  it('the same order key is one order: a double click or a second tab pays once', async () => {
    const { client } = await loggedIn();
    const key = orderKey();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => checkout(client, { order_key: key })),
    );
    const ids = new Set(answers.map((answer) => answer.json().payment_id));
    expect(ids.size).toBe(1);
  });

  it('ignores tampered prices and refuses made-up bundles and methods of other countries', async () => {
    const { client } = await loggedIn({ country: 'NL' });
    const tampered = await checkout(client, { price: 1, credits: 100000 });
    expect(tampered.statusCode).toBe(200);
    const row = (await client.get(`/api/payment.php?id=${tampered.json().payment_id}`)).json();
    expect(row.transaction).toMatchObject({ price: 2995, credits: 250 });

    expect((await checkout(client, { bundle: 'free-lunch' })).statusCode).toBe(404);
    expect((await checkout(client, { method: 'bancontact' })).json().error).toBe(
      'payment_method_unavailable',
    );
    expect((await checkout(client, { issuer: 'ideal_FAKEBANK' })).statusCode).toBe(400);
  });

  it('another member’s payment id is not_found', async () => {
    const owner = await loggedIn();
    const { payment_id } = (await checkout(owner.client)).json();
    const other = await loggedIn();
    expect((await other.client.get(`/api/payment.php?id=${payment_id}`)).statusCode).toBe(404);
    expect((await other.client.post('/api/refund.php', { payment_id })).statusCode).toBe(404);
  });
});

describe('POST /api/repeat-order.php', () => {
  it('buys the last paid bundle again with the last method, in one step', async () => {
    const { client } = await loggedIn();
    const firstKey = orderKey();
    expect((await client.post('/api/repeat-order.php', { order_key: firstKey })).statusCode).toBe(
      404,
    );
    const { checkout_url } = (
      await checkout(client, { bundle: 'value', method: 'paypal', order_key: firstKey })
    ).json();
    await choose(checkout_url, 'paid');
    const offer = (await client.get('/api/bundles.php')).json();
    expect(offer.last_order).toEqual({ bundle: 'value', method: 'paypal' });

    const repeated = await client.post('/api/repeat-order.php', { order_key: orderKey() });
    expect(repeated.statusCode).toBe(200);
    const { transaction } = (
      await client.get(`/api/payment.php?id=${repeated.json().payment_id}`)
    ).json();
    expect(transaction).toMatchObject({ bundle: 'value', method: 'paypal', status: 'open' });
  });
});

describe('repeat order on a demo mandate (issue 10 §4)', () => {
  it('charges the stored demo card once the member confirmed it, without a checkout', async () => {
    const { member, client } = await loggedIn();
    const { payment_id, checkout_url } = (
      await checkout(client, { bundle: 'starter', method: 'creditcard', store_for_repeat: true })
    ).json();
    await choose(checkout_url, 'paid');
    const preview = (await client.get('/api/bundles.php?repeat=true')).json().last_order;
    expect(preview).toMatchObject({ bundle: 'starter', method: 'creditcard' });
    expect(preview.stored).toMatchObject({ method: 'creditcard', last_digits: '4242' });

    const confirm = {
      order_key: orderKey(),
      charge_stored: { mandate_id: preview.stored.mandate_id, price: 1495 },
    };
    const charged = await client.post('/api/repeat-order.php', confirm);
    expect(charged.statusCode).toBe(200);
    const repeatId = charged.json().payment_id;
    expect(charged.json().checkout_url).toBe(`http://localhost/transactions/${repeatId}`);
    expect((await client.get(`/api/payment.php?id=${repeatId}`)).json().transaction.status).toBe(
      'paid',
    );
    expect((await client.post('/api/repeat-order.php', confirm)).json().payment_id).toBe(repeatId);
    expect(await ledger(member.id)).toEqual([
      { amount: 100, idempotency_key: `payment:${payment_id}` },
      { amount: 100, idempotency_key: `payment:${repeatId}` },
    ]);
    // The same key cannot be turned into a checkout (or the other way round).
    expect(
      (await client.post('/api/repeat-order.php', { order_key: confirm.order_key })).json().error,
    ).toBe('idempotency_key_reused');
  });

  it('a bank transfer leaves no mandate: a confirmation is refused, a checkout offered', async () => {
    const { member, client } = await loggedIn();
    const { checkout_url } = (await checkout(client, { method: 'banktransfer' })).json();
    await choose(checkout_url, 'paid');
    const preview = (await client.get('/api/bundles.php?repeat=true')).json().last_order;
    expect(preview).toEqual({ bundle: 'popular', method: 'banktransfer', stored: null });
    const refused = await client.post('/api/repeat-order.php', {
      order_key: orderKey(),
      charge_stored: { mandate_id: 'demo_mdt_madeup', price: 2995 },
    });
    expect(refused.json().error).toBe('repeat_order_changed');
    const fresh = await client.post('/api/repeat-order.php', { order_key: orderKey() });
    expect(fresh.json().checkout_url).toMatch(/^\/demo-checkout\/demo_/);
    expect(await ledger(member.id)).toHaveLength(1);
  });
});

describe('consent to stored payment details (issue 23 item 14)', () => {
  it('a repeat order never charges more than the consent covered: a larger unsaved purchase asks again', async () => {
    // issue 29 item 5: consent for €14.95 (starter), then €77.95 (best) without saving.
    const { member, client } = await loggedIn();
    const first = (
      await checkout(client, { bundle: 'starter', method: 'creditcard', store_for_repeat: true })
    ).json();
    await choose(first.checkout_url, 'paid');
    const stored = (await client.get('/api/bundles.php?repeat=true')).json().last_order.stored;
    expect(stored).toMatchObject({ method: 'creditcard' });
    const larger = (await checkout(client, { bundle: 'best', method: 'creditcard' })).json();
    await choose(larger.checkout_url, 'paid');

    // The last order is the €77.95 one: no stored card is offered for it, none charged.
    const preview = (await client.get('/api/bundles.php?repeat=true')).json().last_order;
    expect(preview).toEqual({ bundle: 'best', method: 'creditcard', stored: null });
    const refused = await client.post('/api/repeat-order.php', {
      order_key: orderKey(),
      charge_stored: { mandate_id: stored.mandate_id, price: 7795 },
    });
    expect(refused.json().error).toBe('repeat_order_changed');
    const charges = await db()
      .selectFrom('payments')
      .select('id')
      .where('member_id', '=', member.id)
      .where('sequence_type', '=', 'recurring')
      .execute();
    expect(charges).toEqual([]);
    // Asked again: the repeat order is a checkout, where the option is offered anew.
    const fresh = await client.post('/api/repeat-order.php', { order_key: orderKey() });
    expect(fresh.json().checkout_url).toMatch(/^\/demo-checkout\/demo_/);
  });

  const demoMandatesOf = (memberId: number) =>
    db()
      .selectFrom('demo_mandates')
      .innerJoin('payment_customers', 'payment_customers.customer_id', 'demo_mandates.customer_id')
      .select(['demo_mandates.id', 'demo_mandates.status'])
      .where('payment_customers.member_id', '=', memberId)
      .execute();

  it('an iDEAL payment without the ticked option leaves no account to charge', async () => {
    const { member, client } = await loggedIn();
    const { payment_id, checkout_url } = (await checkout(client, { method: 'ideal' })).json();
    await choose(checkout_url, 'paid');
    const row = await db()
      .selectFrom('payments')
      .select('sequence_type')
      .where('id', '=', payment_id)
      .executeTakeFirstOrThrow();
    expect(row.sequence_type).toBe('oneoff');
    expect(await demoMandatesOf(member.id)).toEqual([]);
    const preview = (await client.get('/api/bundles.php?repeat=true')).json().last_order;
    expect(preview).toEqual({ bundle: 'popular', method: 'ideal', stored: null });
    expect((await client.get('/api/transactions.php')).json().stored_payments).toEqual([]);
  });

  it('with it, the account is offered until the member removes it from the purchases page', async () => {
    const { member, client } = await loggedIn();
    const { checkout_url } = (
      await checkout(client, { method: 'ideal', store_for_repeat: true })
    ).json();
    await choose(checkout_url, 'paid');
    const preview = (await client.get('/api/bundles.php?repeat=true')).json().last_order;
    expect(preview.stored).toMatchObject({ method: 'directdebit', last_digits: '5678' });
    const purchases = (await client.get('/api/transactions.php')).json();
    expect(purchases.stored_payments).toEqual([
      { method: 'directdebit', since: expect.any(String) },
    ]);

    expect((await client.delete('/api/stored-payments.php')).json()).toEqual({ ok: true });
    expect(await demoMandatesOf(member.id)).toEqual([
      { id: preview.stored.mandate_id, status: 'revoked' },
    ]);
    expect((await client.get('/api/bundles.php?repeat=true')).json().last_order.stored).toBeNull();
    expect((await client.get('/api/transactions.php')).json().stored_payments).toEqual([]);
    const refused = await client.post('/api/repeat-order.php', {
      order_key: orderKey(),
      charge_stored: { mandate_id: preview.stored.mandate_id, price: 2995 },
    });
    expect(refused.json().error).toBe('repeat_order_changed');
    expect(await ledger(member.id)).toHaveLength(1);
  });

  it('a consent given on a checkout that was never paid stores nothing', async () => {
    const { client } = await loggedIn();
    const { checkout_url } = (
      await checkout(client, { method: 'creditcard', store_for_repeat: true })
    ).json();
    await choose(checkout_url, 'canceled');
    expect((await client.get('/api/transactions.php')).json().stored_payments).toEqual([]);
  });
});

describe('POST /api/payment-webhook.php', () => {
  it('needs no CSRF token, trusts no body and ignores unknown or forged ids', async () => {
    const { member, client } = await loggedIn();
    const { payment_id } = (await checkout(client)).json();
    const providerId = await providerIdOf(payment_id);
    // A body claiming "paid" for an open payment: the provider says open, nothing happens.
    expect((await webhook(providerId, '&status=paid&amount=0.01')).statusCode).toBe(200);
    expect((await webhook('tr_doesnotexist')).json()).toEqual({ ok: true });
    expect((await webhook('demo_unknown123')).statusCode).toBe(200);
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
    expect((await client.get(`/api/payment.php?id=${payment_id}`)).json().transaction.status).toBe(
      'open',
    );
  });

  it('ignores the id of a payment of another site', async () => {
    const other = await seedDemoSite(db(), `other-${orderKey()}.example`, []);
    const { member, client } = await loggedIn();
    const { payment_id, checkout_url } = (await checkout(client)).json();
    const providerId = await providerIdOf(payment_id);
    // The provider decides; the only webhook comes in on the other site's host.
    await db()
      .updateTable('payments')
      .set({ site_id: other.siteId })
      .where('id', '=', payment_id)
      .execute();
    await choose(checkout_url, 'paid');
    await webhook(providerId);
    expect((await memberRow(member.id)).credits).toBe(0);
  });
});
