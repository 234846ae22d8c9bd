import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadInstallationId } from '@server/installation-identity';
import { type MollieFake, startMollieFake } from '@server/test/mollie-fake';
import { paymentsWorld } from '@server/test/payments-test-world';
import { type TestApp, createTestApp } from '@server/test/test-app';

// issue 29 item 10: two installations (each its own database) share one Mollie account.
// Their payment ids, member ids and order keys are the same numbers, yet neither may be
// answered, or granted, the other's payment or customer.
let fake: MollieFake;
let one: TestApp;
let two: TestApp;
const rejectUnauthorized = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

beforeAll(async () => {
  fake = await startMollieFake();
  // As in mollie-test-world.ts: the client pins its own CA bundle; this worker only.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const env = { MOLLIE_API_KEY: 'test_sharedAccountKey', MOLLIE_API_ENDPOINT: fake.apiEndpoint };
  one = await createTestApp(env);
  two = await createTestApp(env);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await fake?.close();
  if (rejectUnauthorized === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = rejectUnauthorized;
});

const worldOne = paymentsWorld(() => one);
const worldTwo = paymentsWorld(() => two);

const checkout = async (client: Awaited<ReturnType<typeof worldOne.loggedIn>>['client']) => {
  const answer = await client.post('/api/checkout.php', {
    bundle: 'popular',
    method: 'creditcard',
    order_key: randomBytes(12).toString('hex'),
    store_for_repeat: true,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().payment_id as number;
};
const mollieIdOf = async (t: TestApp, paymentId: number) =>
  (
    await t.database.db
      .selectFrom('payments')
      .select('provider_payment_id')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow()
  ).provider_payment_id!;
const webhook = (t: TestApp, id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });

describe('two installations sharing one Mollie account', () => {
  it('never share a payment or a customer, and ignore each other’s payments', async () => {
    const a = await worldOne.loggedIn();
    const b = await worldTwo.loggedIn();
    // The same member id and payment id on both sides: the keys that used to collide.
    expect(a.member.id).toBe(b.member.id);
    const paymentA = await checkout(a.client);
    const paymentB = await checkout(b.client);
    expect(paymentA).toBe(paymentB);

    const mollieA = await mollieIdOf(one, paymentA);
    const mollieB = await mollieIdOf(two, paymentB);
    expect(mollieB).not.toBe(mollieA);
    const created = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v2/payments',
    );
    const installations = created.map(
      (request) => (request.body as { metadata: { installation: string } }).metadata.installation,
    );
    expect(new Set(installations).size).toBe(2);
    const customers = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v2/customers',
    );
    expect(new Set(customers.map((request) => request.idempotencyKey)).size).toBe(2);

    // A pays; B hears of A's payment (a webhook, or a row pointing at it): B grants nothing.
    fake.setStatus(mollieA, 'paid');
    await webhook(one, mollieA);
    await webhook(two, mollieA);
    expect(await worldOne.memberRow(a.member.id)).toEqual({ credits: 250, paid_user: 1 });
    expect(await worldTwo.memberRow(b.member.id)).toEqual({ credits: 0, paid_user: 0 });
    await two.database.db
      .updateTable('payments')
      .set({ provider_payment_id: mollieA })
      .where('id', '=', paymentB)
      .execute();
    await webhook(two, mollieA);
    const polled = await b.client.get(`/api/payment.php?id=${paymentB}`);
    expect(polled.json().transaction.status).toBe('open');
    expect(await worldTwo.memberRow(b.member.id)).toEqual({ credits: 0, paid_user: 0 });
  });

  it('generates one identity per database, kept for every later start', async () => {
    const ids = await Promise.all(
      [one, two].map((t) =>
        t.database.db
          .selectFrom('installation_identity')
          .select('installation_id')
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(ids[0]!.installation_id).not.toBe(ids[1]!.installation_id);
    // A restart (or a second instance) reads the same; a configured one wins.
    expect(await loadInstallationId(one.database.db)).toBe(ids[0]!.installation_id);
    expect(await loadInstallationId(one.database.db, 'configured-id')).toBe('configured-id');
  });
});
