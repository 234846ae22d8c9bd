import { describe, it } from 'vitest';
import { type SingleUseKind, raceSingleUseCode } from '@server/test/single-use-race';
import { mollieTestWorld } from '@server/test/mollie-test-world';

// Issue 23 item 1 through the real Mollie client against the local fake: at most one paid
// order ever carries a single-use discount, also when Mollie could not cancel the others.
const mollie = mollieTestWorld();
const { webhook } = mollie;

describe('single-use discounts under parallel checkouts (Mollie fake)', () => {
  // The automatic discounts and a 100 % code take the same path; the demo test runs them all.
  // issue 29 item 4: TIMEBONUS25 and WELCOME25 in parallel checkouts are one benefit.
  const kinds: SingleUseKind[] = ['once_per_user', 'once', 'first-purchase'];
  for (const kind of kinds)
    it(`20 checkouts at once with ${kind}, all paid: exactly one discounted grant`, async () => {
      await raceSingleUseCode(
        mollie.t,
        {
          pay: async (id) => mollie.fake.setStatus(id, 'paid'),
          refunded: async () => mollie.fake.refunds.map((refund) => refund.paymentId),
        },
        kind,
        webhook,
      );
      // 20 checkouts and 20 webhooks through TLS on a shared machine: room to finish.
    }, 180_000);
});
