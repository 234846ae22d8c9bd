import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { DEMO_PENDING_MS, demoProvider } from './providers/demo-provider';

// The demo provider keeps its payments and mandates in the database (issue 10): a restart of
// `npm start` (a new provider with nothing in memory) loses no open checkout.
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function openCheckout(method = 'ideal') {
  const member = await createMember(db(), t.siteId, { created_at: '2024-01-01T00:00:00.000Z' });
  const client = new TestClient(t.app);
  await client.post('/api/user.php', { email: member.email, password: 'correct horse battery' });
  const answer = await client.post('/api/checkout.php', {
    bundle: 'popular',
    method,
    order_key: randomBytes(12).toString('hex'),
    // The member keeps the details for repeat orders (issue 23 item 14), so a mandate is made.
    store_for_repeat: true,
  });
  expect(answer.statusCode).toBe(200);
  const { payment_id, checkout_url } = answer.json();
  const demoId = String(checkout_url).replace('/demo-checkout/', '');
  return { member, client, paymentId: payment_id as number, demoId };
}

describe('the demo provider after a restart', () => {
  it('still shows and completes a checkout opened before it', async () => {
    const { client, paymentId, demoId } = await openCheckout();
    const restarted = demoProvider(db());
    expect(await restarted.describe(demoId)).toMatchObject({
      amountCents: 2995,
      currency: 'EUR',
      paymentId,
    });
    expect(await restarted.complete(demoId, 'paid')).toMatchObject({
      redirectUrl: expect.stringMatching(new RegExp(`/transactions/${paymentId}$`)),
    });
    // The app asks its provider: the payment is paid, and granted once.
    const answer = (await client.get(`/api/payment.php?id=${paymentId}`)).json();
    expect(answer.transaction.status).toBe('paid');
    expect(answer.credits).toBe(250);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/demo-checkout/${demoId}`,
          headers: { host: 'localhost' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a pending-then-paid payment turns paid after a restart, and a mandate outlives it', async () => {
    const { client, paymentId, demoId } = await openCheckout('creditcard');
    const before = demoProvider(db());
    await before.complete(demoId, 'pending-then-paid');
    const later = Date.now() + DEMO_PENDING_MS + 1000;
    const restarted = demoProvider(db(), () => later);
    expect((await restarted.getPayment(demoId))?.status).toBe('paid');
    expect((await client.get(`/api/payment.php?id=${paymentId}`)).json().transaction.status).toBe(
      'paid',
    );
    // The card's mandate is there for the next repeat order.
    const preview = (await client.get('/api/bundles.php?repeat=true')).json().last_order;
    expect(preview.stored).toMatchObject({ method: 'creditcard', last_digits: '4242' });
  });
});
