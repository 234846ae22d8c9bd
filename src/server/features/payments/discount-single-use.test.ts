import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { paymentsWorld } from '@server/test/payments-test-world';
import {
  type ProviderSide,
  type SingleUseKind,
  raceSingleUseCode,
} from '@server/test/single-use-race';

// Issue 23 item 1 with the demo provider: at most one paid order ever carries a single-use
// discount (docs/payments.md "Single-use discounts"), on SQLite and PostgreSQL.
let t: TestApp;
const db = () => t.database.db;
const { loggedIn } = paymentsWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The demo provider's own table stands for its servers: paying there is what a member does. */
const demoSide: ProviderSide = {
  async pay(id) {
    await db().updateTable('demo_payments').set({ status: 'paid' }).where('id', '=', id).execute();
  },
  async refunded() {
    const rows = await db()
      .selectFrom('demo_payments')
      .select('id')
      .where('status', '=', 'refunded')
      .execute();
    return rows.map((row) => row.id);
  },
};

const webhook = (id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });

describe('single-use discounts under parallel checkouts (demo provider)', () => {
  const kinds: SingleUseKind[] = [
    'once_per_user',
    'once',
    'TIMEBONUS25',
    'WELCOME25',
    'free',
    // issue 29 item 4: the time bonus and WELCOME25 are one first-purchase benefit.
    'first-purchase',
  ];
  for (const kind of kinds)
    it(`20 checkouts at once with ${kind}, all paid: exactly one discounted grant`, async () => {
      await raceSingleUseCode(t, demoSide, kind, webhook);
    });

  it('a direct debit taking the code from an open card checkout cancels that checkout at the provider', async () => {
    const code = `DD${randomBytes(4).toString('hex').toUpperCase()}`;
    await db()
      .insertInto('discount_codes')
      .values({
        site_id: t.siteId,
        code,
        value_percentage: 50,
        validity: 'once_per_user',
        created_at: new Date().toISOString(),
      })
      .execute();
    const { member, client } = await loggedIn();
    const card = (
      await client.post('/api/checkout.php', {
        bundle: 'starter',
        method: 'creditcard',
        order_key: randomBytes(12).toString('hex'),
        code,
      })
    ).json();
    const phone = '+31612345999';
    const requested = await client.post('/api/directdebit.php', {
      bundle: 'starter',
      account_holder: 'R. de Vries',
      iban: 'NL91 ABNA 0417 1643 00',
      street: 'Keizersgracht',
      house_number: '12a',
      zip: '1015 CS',
      city: 'Amsterdam',
      phone,
      code,
      order_key: randomBytes(12).toString('hex'),
    });
    expect(requested.statusCode).toBe(200);
    const text = await db()
      .selectFrom('outbox_sms')
      .select('text')
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const otp = /\b(\d{6})\b/.exec(text.text)![1]!;
    const confirmed = await client.post('/api/directdebit-confirm.php', {
      request_id: requested.json().request_id,
      otp,
    });
    expect(confirmed.statusCode).toBe(200);

    // The card checkout can no longer be paid at the provider.
    const cardRow = await db()
      .selectFrom('payments')
      .select(['status', 'provider_payment_id'])
      .where('id', '=', card.payment_id)
      .executeTakeFirstOrThrow();
    expect(cardRow.status).toBe('canceled');
    const atProvider = await db()
      .selectFrom('demo_payments')
      .select('status')
      .where('id', '=', cardRow.provider_payment_id!)
      .executeTakeFirstOrThrow();
    expect(atProvider.status).toBe('canceled');

    // Had the member paid it before the cancel arrived, it would be refunded, not granted.
    await demoSide.pay(cardRow.provider_payment_id!);
    await webhook(cardRow.provider_payment_id!);
    const ledger = await db()
      .selectFrom('credit_transactions')
      .select('amount')
      .where('member_id', '=', member.id)
      .execute();
    expect(ledger).toEqual([{ amount: 100 }]);
    expect(await demoSide.refunded()).toContain(cardRow.provider_payment_id);
  });
});
