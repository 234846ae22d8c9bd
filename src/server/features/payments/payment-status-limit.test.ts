import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { PAYMENT_STATUS_ASKS_PER_MINUTE } from './payment-routes';

// The payment status page's poll (spec §4; issue 10) asks the provider for an unfinished
// payment, so it is limited per member: generous for the page's 2 s cadence, not unlimited.
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function memberWithOpenOrder() {
  const member = await createMember(db(), t.siteId, { created_at: '2024-01-01T00:00:00.000Z' });
  const client = new TestClient(t.app);
  await client.post('/api/user.php', { email: member.email, password: 'correct horse battery' });
  const { payment_id } = (
    await client.post('/api/checkout.php', {
      bundle: 'starter',
      method: 'creditcard',
      order_key: randomBytes(12).toString('hex'),
    })
  ).json();
  return { client, paymentId: payment_id as number };
}

describe('GET /api/payment.php is limited per member', () => {
  it('answers a minute of polling from three tabs, then too_many_requests', async () => {
    // Three tabs polling every 2 s for a minute fit.
    expect(PAYMENT_STATUS_ASKS_PER_MINUTE).toBeGreaterThanOrEqual(3 * 30);
    const { client, paymentId } = await memberWithOpenOrder();
    for (let ask = 0; ask < PAYMENT_STATUS_ASKS_PER_MINUTE; ask += 1)
      expect((await client.get(`/api/payment.php?id=${paymentId}`)).statusCode).toBe(200);
    const limited = await client.get(`/api/payment.php?id=${paymentId}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'too_many_requests' });

    // Another member polls on.
    const other = await memberWithOpenOrder();
    expect((await other.client.get(`/api/payment.php?id=${other.paymentId}`)).statusCode).toBe(200);
  });
});
