import { afterAll, beforeAll, describe, it } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { type MollieFake, startMollieFake } from './mollie-fake/mollie-fake';
import { type SingleUseKind, raceSingleUseCode } from './single-use-race';

// Issue 23 item 1 through the real Mollie client against the local fake: at most one paid
// order ever carries a single-use discount, also when Mollie could not cancel the others.
let fake: MollieFake;
let t: TestApp;
const rejectUnauthorized = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

beforeAll(async () => {
  fake = await startMollieFake();
  // As in mollie-provider.test.ts: the client pins its own CA bundle, so this test file's
  // worker alone skips the certificate check of the fake's per-run certificate.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  t = await createTestApp({
    MOLLIE_API_KEY: 'test_fakeKeyForTheLocalFake',
    MOLLIE_API_ENDPOINT: fake.apiEndpoint,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  if (rejectUnauthorized === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = rejectUnauthorized;
});

const webhook = (id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });

describe('single-use discounts under parallel checkouts (Mollie fake)', () => {
  // The automatic discounts and a 100 % code take the same path; the demo test runs them all.
  const kinds: SingleUseKind[] = ['once_per_user', 'once'];
  for (const kind of kinds)
    it(`20 checkouts at once with ${kind}, all paid: exactly one discounted grant`, async () => {
      await raceSingleUseCode(
        t,
        {
          pay: async (id) => fake.setStatus(id, 'paid'),
          refunded: async () => fake.refunds.map((refund) => refund.paymentId),
        },
        kind,
        webhook,
      );
      // 20 checkouts and 20 webhooks through TLS on a shared machine: room to finish.
    }, 180_000);
});
