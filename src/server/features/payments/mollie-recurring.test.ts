import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type TestClient } from '@server/test/test-client';
import { mollieTestWorld } from '@server/test/mollie-test-world';

// Repeat orders on a Mollie mandate (issue 10 §4), the real @mollie/api-client against the
// local fake: a first payment with a customer and sequenceType first, then a recurring
// charge on the customer's valid mandate without a checkout; else a new checkout. A mandate
// is asked for only with the member's consent at checkout, which they can revoke (issue 23
// item 14).
const mollie = mollieTestWorld();
const { db, loggedIn, ledger, payAtMollie, webhook } = mollie;

const key = () => randomBytes(12).toString('hex');
const paymentRow = (id: number) =>
  db().selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const createsFor = (paymentId: number) =>
  mollie.fake.requests.filter(
    (request) =>
      request.method === 'POST' &&
      request.path === '/v2/payments' &&
      request.idempotencyKey?.endsWith(`:payment:${paymentId}`),
  );

/**
 * A first purchase the member completes at Mollie (the bank says paid, the webhook comes),
 * with "save these payment details for repeat orders" ticked unless said otherwise.
 */
async function firstPurchase(
  client: TestClient,
  method: string,
  bundle = 'starter',
  storeForRepeat = true,
) {
  const answer = await client.post('/api/checkout.php', {
    bundle,
    method,
    order_key: key(),
    ...(storeForRepeat ? { store_for_repeat: true } : {}),
  });
  expect(answer.statusCode).toBe(200);
  const paymentId = answer.json().payment_id as number;
  const mollieId = await payAtMollie(paymentId);
  return { paymentId, mollieId };
}

describe('repeat order on a Mollie mandate', () => {
  it('asks for a mandate on the first card payment and charges it on a confirmed repeat order', async () => {
    const { member, client } = await loggedIn();
    expect((await client.get('/api/bundles.php?repeat=true')).json().last_order).toBeNull();
    const { paymentId } = await firstPurchase(client, 'creditcard');

    // The first payment: a customer (with only our member id) and sequenceType first.
    const customers = mollie.fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v2/customers',
    );
    const mine = customers.filter((request) =>
      request.idempotencyKey?.endsWith(`:customer:${member.id}`),
    );
    expect(mine).toHaveLength(1);
    // Only our member id, and the installation's (issue 29 item 10): no name, no e-mail.
    expect(mine[0]!.body).toEqual({
      metadata: { member_id: member.id, installation: expect.stringMatching(/^inst_/) },
    });
    const first = createsFor(paymentId)[0]!.body as Record<string, unknown>;
    expect(first).toMatchObject({ sequenceType: 'first', method: 'creditcard' });
    expect(first.customerId).toMatch(/^cst_/);
    expect((await paymentRow(paymentId)).sequence_type).toBe('first');

    // Before confirming, the member sees the amount, the method and the card's last digits.
    const offer = (await client.get('/api/bundles.php?repeat=true')).json();
    expect(offer.bundles[0]).toMatchObject({ id: 'starter', credits: 100, price: 1495 });
    expect(offer.currency).toBe('EUR');
    const preview = offer.last_order;
    expect(preview).toMatchObject({ bundle: 'starter', method: 'creditcard' });
    expect(preview.stored).toMatchObject({ method: 'creditcard', last_digits: '6787' });
    // Other pages do not make the server ask Mollie.
    expect((await client.get('/api/bundles.php')).json().last_order).not.toHaveProperty('stored');
    expect(mollie.fake.mandatesOf(first.customerId as string)[0]!.id).toBe(
      preview.stored.mandate_id,
    );

    const orderKey = key();
    const confirm = {
      order_key: orderKey,
      charge_stored: { mandate_id: preview.stored.mandate_id, price: 1495 },
    };
    const charged = await client.post('/api/repeat-order.php', confirm);
    expect(charged.statusCode).toBe(200);
    const repeatId = charged.json().payment_id as number;
    // No checkout: the member goes straight to the status page.
    expect(charged.json().checkout_url).toMatch(new RegExp(`/transactions/${repeatId}$`));
    const recurring = createsFor(repeatId);
    expect(recurring).toHaveLength(1);
    expect(recurring[0]!.body).toMatchObject({
      sequenceType: 'recurring',
      customerId: first.customerId,
      mandateId: preview.stored.mandate_id,
      amount: { currency: 'EUR', value: '14.95' },
      metadata: { payment_id: repeatId },
    });
    expect(recurring[0]!.body).not.toHaveProperty('redirectUrl');
    // The card charge was decided at once: granted once, through fulfilment.
    const row = await paymentRow(repeatId);
    expect(row).toMatchObject({ status: 'paid', sequence_type: 'recurring', method: 'creditcard' });

    // A double click, webhook replays: one charge, one grant.
    expect((await client.post('/api/repeat-order.php', confirm)).json().payment_id).toBe(repeatId);
    await Promise.all([1, 2, 3].map(() => webhook(row.provider_payment_id!)));
    expect(createsFor(repeatId)).toHaveLength(1);
    expect(await ledger(member.id)).toEqual([
      { amount: 100, idempotency_key: `payment:${paymentId}` },
      { amount: 100, idempotency_key: `payment:${repeatId}` },
    ]);
  });

  it('refuses a charge at another price or on a mandate no longer valid, and falls back to a checkout', async () => {
    const { member, client } = await loggedIn();
    const { paymentId } = await firstPurchase(client, 'paypal', 'popular');
    const preview = (await client.get('/api/bundles.php?repeat=true')).json().last_order;
    expect(preview.stored).toMatchObject({ method: 'paypal', last_digits: null });

    const wrongPrice = await client.post('/api/repeat-order.php', {
      order_key: key(),
      charge_stored: { mandate_id: preview.stored.mandate_id, price: 1 },
    });
    expect(wrongPrice.json().error).toBe('repeat_order_changed');

    // The member revoked the billing agreement: nothing is charged, the page offers a checkout.
    const customerId = (createsFor(paymentId)[0]!.body as { customerId: string }).customerId;
    mollie.fake.invalidateMandates(customerId);
    expect((await client.get('/api/bundles.php?repeat=true')).json().last_order.stored).toBeNull();
    const stale = await client.post('/api/repeat-order.php', {
      order_key: key(),
      charge_stored: { mandate_id: preview.stored.mandate_id, price: 2995 },
    });
    expect(stale.json().error).toBe('repeat_order_changed');
    const fresh = await client.post('/api/repeat-order.php', { order_key: key() });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().checkout_url).toMatch(/\/checkout\/tr_\w+$/);
    expect(await ledger(member.id)).toHaveLength(1);
  });

  it('charges the SEPA mandate an iDEAL first payment left; the credits come when the bank confirms', async () => {
    const { member, client } = await loggedIn();
    await firstPurchase(client, 'ideal');
    const preview = (await client.get('/api/bundles.php?repeat=true')).json().last_order;
    expect(preview.stored).toMatchObject({ method: 'directdebit', last_digits: '4321' });
    const charged = await client.post('/api/repeat-order.php', {
      order_key: key(),
      charge_stored: { mandate_id: preview.stored.mandate_id, price: 1495 },
    });
    const repeatId = charged.json().payment_id as number;
    const row = await paymentRow(repeatId);
    expect(row.status).toBe('pending');
    expect(await ledger(member.id)).toHaveLength(1);

    mollie.fake.setStatus(row.provider_payment_id!, 'paid');
    await webhook(row.provider_payment_id!);
    expect((await paymentRow(repeatId)).status).toBe('paid');
    expect(await ledger(member.id)).toHaveLength(2);
  });

  it('a bank transfer keeps no mandate: a one-off payment, and the repeat order is a checkout', async () => {
    const { client } = await loggedIn();
    const { paymentId } = await firstPurchase(client, 'banktransfer');
    const body = createsFor(paymentId)[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('sequenceType');
    expect(body).not.toHaveProperty('customerId');
    const preview = (await client.get('/api/bundles.php?repeat=true')).json().last_order;
    expect(preview).toEqual({ bundle: 'starter', method: 'banktransfer', stored: null });
  });

  it('where Mollie will not make a first payment, the member still pays, one-off', async () => {
    const { member, client } = await loggedIn();
    mollie.fake.refuseFirstPayments = true;
    try {
      const { paymentId } = await firstPurchase(client, 'creditcard');
      // The first payment was asked for and refused; then a one-off under its own key.
      expect(createsFor(paymentId).map((request) => request.body)).toEqual([
        expect.objectContaining({ sequenceType: 'first' }),
      ]);
      const oneOff = mollie.fake.requests.filter((request) =>
        request.idempotencyKey?.endsWith(`:payment:${paymentId}:oneoff`),
      );
      expect(oneOff).toHaveLength(1);
      expect(oneOff[0]!.body).not.toHaveProperty('sequenceType');
      expect((await paymentRow(paymentId)).sequence_type).toBe('oneoff');
      expect(await ledger(member.id)).toHaveLength(1);
      const preview = (await client.get('/api/bundles.php?repeat=true')).json().last_order;
      expect(preview.stored).toBeNull();
    } finally {
      mollie.fake.refuseFirstPayments = false;
    }
  });
});

describe('consent to stored payment details (issue 23 item 14)', () => {
  it('without the ticked option a card payment is one-off and the repeat order offers nothing stored', async () => {
    const { member, client } = await loggedIn();
    const { paymentId } = await firstPurchase(client, 'creditcard', 'starter', false);
    const body = createsFor(paymentId)[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('sequenceType');
    expect(body).not.toHaveProperty('customerId');
    expect((await paymentRow(paymentId)).sequence_type).toBe('oneoff');
    const preview = (await client.get('/api/bundles.php?repeat=true')).json().last_order;
    expect(preview).toEqual({ bundle: 'starter', method: 'creditcard', stored: null });
    expect((await client.get('/api/transactions.php')).json().stored_payments).toEqual([]);
    const refused = await client.post('/api/repeat-order.php', {
      order_key: key(),
      charge_stored: { mandate_id: 'mdt_madeup', price: 1495 },
    });
    expect(refused.json().error).toBe('repeat_order_changed');
    expect(await ledger(member.id)).toHaveLength(1);
  });

  it('keeps the consent with the amount shown, and one order key is one choice', async () => {
    const { member, client } = await loggedIn();
    const { paymentId } = await firstPurchase(client, 'ideal', 'popular');
    const consent = await db()
      .selectFrom('mandate_consents')
      .selectAll()
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({
      payment_id: paymentId,
      mandate_method: 'directdebit',
      amount_cents: 2995,
      currency: 'EUR',
      wording: 'store-for-repeat-1',
      revoked_at: null,
    });
    const stored = (await client.get('/api/transactions.php')).json().stored_payments;
    expect(stored).toEqual([{ method: 'directdebit', since: consent.given_at }]);

    // The same page's key with the option changed is another choice, never the first order.
    const orderKey = key();
    const first = { bundle: 'starter', method: 'creditcard', order_key: orderKey };
    expect((await client.post('/api/checkout.php', first)).statusCode).toBe(200);
    const changed = await client.post('/api/checkout.php', { ...first, store_for_repeat: true });
    expect(changed.json().error).toBe('idempotency_key_reused');
  });

  it('the member removes the stored details: the mandate is revoked at Mollie and never charged', async () => {
    const { member, client } = await loggedIn();
    const { paymentId } = await firstPurchase(client, 'creditcard');
    const customerId = (createsFor(paymentId)[0]!.body as { customerId: string }).customerId;
    const preview = (await client.get('/api/bundles.php?repeat=true')).json().last_order;
    expect(preview.stored).toMatchObject({ method: 'creditcard' });

    const removed = await client.delete('/api/stored-payments.php');
    expect(removed.statusCode).toBe(200);
    expect(
      mollie.fake.requests.filter(
        (request) =>
          request.method === 'DELETE' &&
          request.path === `/v2/customers/${customerId}/mandates/${preview.stored.mandate_id}`,
      ),
    ).toHaveLength(1);
    expect(mollie.fake.mandatesOf(customerId).map((mandate) => mandate.status)).toEqual([
      'invalid',
    ]);
    expect((await client.get('/api/transactions.php')).json().stored_payments).toEqual([]);
    expect((await client.get('/api/bundles.php?repeat=true')).json().last_order.stored).toBeNull();
    const refused = await client.post('/api/repeat-order.php', {
      order_key: key(),
      charge_stored: { mandate_id: preview.stored.mandate_id, price: 1495 },
    });
    expect(refused.json().error).toBe('repeat_order_changed');
    expect(await ledger(member.id)).toHaveLength(1);
    // Removing again is harmless.
    expect((await client.delete('/api/stored-payments.php')).statusCode).toBe(200);
  });

  it('without consent, a mandate left at Mollie is neither offered nor charged', async () => {
    const { member, client } = await loggedIn();
    const { paymentId } = await firstPurchase(client, 'paypal');
    const customerId = (createsFor(paymentId)[0]!.body as { customerId: string }).customerId;
    // As for a member who paid before consent was asked: the mandate exists, the consent not.
    await db().deleteFrom('mandate_consents').where('member_id', '=', member.id).execute();
    expect(mollie.fake.mandatesOf(customerId)[0]!.status).toBe('valid');
    expect((await client.get('/api/bundles.php?repeat=true')).json().last_order.stored).toBeNull();
    const refused = await client.post('/api/repeat-order.php', {
      order_key: key(),
      charge_stored: { mandate_id: mollie.fake.mandatesOf(customerId)[0]!.id, price: 1495 },
    });
    expect(refused.json().error).toBe('repeat_order_changed');
    expect(await ledger(member.id)).toHaveLength(1);
  });
});
