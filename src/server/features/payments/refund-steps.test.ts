import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookCredits } from '@server/features/credits';
import { loadInstallationId } from '@server/installation-identity';
import { memberEvents } from '@server/realtime/member-events';
import { memoryPubSub } from '@server/realtime/pub-sub';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { type MollieFake, startMollieFake } from '@server/test/mollie-fake';
import { mollieProvider } from './providers/mollie-provider';
import { STALE_REFUND_MS, resumePendingRefunds } from './refund-service';
import { paymentsWorld } from '@server/test/payments-test-world';

// Refunds (issue 10 §7) with the provider called outside any database transaction: the
// refund is requested (credits taken back) in one, Mollie refunds with an idempotency key,
// a second one finishes; a "no" undoes the request, a fault or a crash is resumed once.
let fake: MollieFake;
let t: TestApp;
const db = () => t.database.db;
const { memberRow } = paymentsWorld(() => t);
const rejectUnauthorized = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
const API_KEY = 'test_fakeKeyForTheLocalFake';

beforeAll(async () => {
  fake = await startMollieFake();
  // As in mollie-provider.test.ts: this worker alone skips the check of the fake's certificate.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  t = await createTestApp({ MOLLIE_API_KEY: API_KEY, MOLLIE_API_ENDPOINT: fake.apiEndpoint });
});
afterEach(() => {
  fake.refundMode = 'normal';
});
afterAll(async () => {
  await t.close();
  await fake.close();
  if (rejectUnauthorized === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = rejectUnauthorized;
});

async function paidPurchase() {
  const member = await createMember(db(), t.siteId, { created_at: '2024-01-01T00:00:00.000Z' });
  const client = new TestClient(t.app);
  await client.post('/api/user.php', { email: member.email, password: 'correct horse battery' });
  const { payment_id } = (
    await client.post('/api/checkout.php', {
      bundle: 'starter',
      method: 'banktransfer',
      order_key: randomBytes(12).toString('hex'),
    })
  ).json();
  const mollieId = (await paymentRow(payment_id)).provider_payment_id!;
  fake.setStatus(mollieId, 'paid');
  await t.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${mollieId}`,
  });
  expect((await memberRow(member.id)).credits).toBe(100);
  return { member, client, paymentId: payment_id as number, mollieId };
}

const paymentRow = (id: number) =>
  db().selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundsOf = (mollieId: string) =>
  fake.refunds.filter((refund) => refund.paymentId === mollieId);
/** Time passes: the request looks left behind by a crash. */
const ageRequest = (paymentId: number) =>
  db()
    .updateTable('payments')
    .set({ refund_requested_at: new Date(Date.now() - STALE_REFUND_MS - 1000).toISOString() })
    .where('id', '=', paymentId)
    .execute();

describe('a refund calls the provider outside any transaction', () => {
  it('while Mollie is refunding, the database is free and shows the refund requested', async () => {
    const { member, client, paymentId, mollieId } = await paidPurchase();
    const held = fake.holdNextRefund();
    const refunding = client.post('/api/refund.php', { payment_id: paymentId });
    await held.reached;
    // Step 1 committed: requested, credits taken back, not yet refunded.
    const row = await paymentRow(paymentId);
    expect(row.status).toBe('paid');
    expect(row.refund_requested_at).not.toBeNull();
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 1 });
    // The member's row is not locked by a transaction waiting on Mollie: this write goes through.
    await bookCredits(db(), {
      memberId: member.id,
      amount: 5,
      reason: 'test',
      idempotencyKey: `test:during-refund:${member.id}`,
    });
    held.release();
    expect((await refunding).statusCode).toBe(200);
    expect((await paymentRow(paymentId)).status).toBe('refunded');
    expect(await memberRow(member.id)).toEqual({ credits: 5, paid_user: 0 });
    expect(refundsOf(mollieId)).toHaveLength(1);
  });

  it('Mollie’s no changes nothing: the credits come back and the purchase can be cancelled later', async () => {
    const { member, client, paymentId, mollieId } = await paidPurchase();
    fake.refundMode = 'refuse';
    const refused = await client.post('/api/refund.php', { payment_id: paymentId });
    expect(refused.json().error).toBe('refund_not_allowed');
    expect(await memberRow(member.id)).toEqual({ credits: 100, paid_user: 1 });
    const answer = (await client.get(`/api/payment.php?id=${paymentId}`)).json();
    expect(answer.transaction).toMatchObject({ status: 'paid', refundable: true });

    fake.refundMode = 'normal';
    expect((await client.post('/api/refund.php', { payment_id: paymentId })).statusCode).toBe(200);
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
    expect(refundsOf(mollieId)).toHaveLength(1);
  });

  it('a lost answer leaves the refund requested; a retry after a while finishes it, refunded once', async () => {
    const { member, client, paymentId, mollieId } = await paidPurchase();
    fake.refundMode = 'break';
    const broken = await client.post('/api/refund.php', { payment_id: paymentId });
    expect(broken.json()).toEqual({ error: 'payment_provider_unavailable' });
    // Mollie did refund; we do not know it yet. The credits stay taken back, no double cancel.
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 1 });
    expect((await client.get(`/api/payment.php?id=${paymentId}`)).json().transaction).toMatchObject(
      { status: 'paid', refundable: false },
    );
    expect((await client.post('/api/refund.php', { payment_id: paymentId })).statusCode).toBe(409);

    fake.refundMode = 'normal';
    await ageRequest(paymentId);
    expect((await client.post('/api/refund.php', { payment_id: paymentId })).statusCode).toBe(200);
    expect((await paymentRow(paymentId)).status).toBe('refunded');
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
    // The same idempotency key both times: Mollie refunded once.
    expect(refundsOf(mollieId)).toHaveLength(1);
    const keys = fake.requests
      .filter((request) => request.path === `/v2/payments/${mollieId}/refunds`)
      .map((request) => request.idempotencyKey);
    // (The client itself retried the broken answers, with the same key too.)
    expect(keys.length).toBeGreaterThan(1);
    expect(new Set(keys)).toEqual(new Set([`refund:${mollieId}`]));
  });

  it('the sweep finishes refunds a crash left requested, and leaves fresh ones alone', async () => {
    const crashed = await paidPurchase();
    const fresh = await paidPurchase();
    // A crash right after step 1: requested, credits taken back, Mollie never asked.
    for (const { member, paymentId } of [crashed, fresh]) {
      const requestedAt = new Date().toISOString();
      await db()
        .updateTable('payments')
        .set({ refund_requested_at: requestedAt })
        .where('id', '=', paymentId)
        .execute();
      await bookCredits(db(), {
        memberId: member.id,
        amount: -100,
        reason: 'refund',
        idempotencyKey: `refund:${paymentId}:${requestedAt}`,
      });
    }
    await ageRequest(crashed.paymentId);
    const provider = mollieProvider({
      apiKey: API_KEY,
      apiEndpoint: fake.apiEndpoint,
      installationId: () => loadInstallationId(db()),
    });
    const events = memberEvents(db(), memoryPubSub());
    expect(await resumePendingRefunds(db(), provider, events)).toBe(1);
    expect(await resumePendingRefunds(db(), provider, events)).toBe(0);
    expect((await paymentRow(crashed.paymentId)).status).toBe('refunded');
    expect(refundsOf(crashed.mollieId)).toHaveLength(1);
    expect(await memberRow(crashed.member.id)).toEqual({ credits: 0, paid_user: 0 });
    expect((await paymentRow(fresh.paymentId)).status).toBe('paid');
    expect(refundsOf(fresh.mollieId)).toHaveLength(0);
  });
});
