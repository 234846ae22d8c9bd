import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bookCredits } from '@server/features/credits';
import type { TestClient } from '@server/test/test-client';
import { mollieTestWorld } from '@server/test/mollie-test-world';

// Issue 23 item 2 against the local Mollie fake: Mollie keeps a charged-back or
// dashboard-refunded payment `paid`; the webhook reads the amounts that went back and takes
// the credits back through the ledger, never below zero (a debt instead), once.
const mollie = mollieTestWorld();
const { db, loggedIn, memberRow, payAtMollie, webhook } = mollie;

/** A paid purchase of the starter bundle (100 credits, EUR 14.95) by bank transfer. */
async function buy(client: TestClient) {
  const { payment_id } = (
    await client.post('/api/checkout.php', {
      bundle: 'starter',
      method: 'banktransfer',
      order_key: randomBytes(12).toString('hex'),
    })
  ).json();
  const mollieId = await payAtMollie(payment_id);
  return { paymentId: payment_id as number, mollieId };
}

const spend = (memberId: number, amount: number) =>
  bookCredits(db(), {
    memberId,
    amount: -amount,
    reason: 'message',
    idempotencyKey: `test-spend:${randomBytes(6).toString('hex')}`,
  });

const debtOf = async (memberId: number) =>
  (
    await db()
      .selectFrom('credit_debts')
      .select('credits')
      .where('member_id', '=', memberId)
      .executeTakeFirst()
  )?.credits ?? 0;

const directDebit = (client: TestClient) =>
  client.post('/api/directdebit.php', {
    bundle: 'starter',
    account_holder: 'R. de Vries',
    iban: 'NL91 ABNA 0417 1643 00',
    street: 'Keizersgracht',
    house_number: '12a',
    zip: '1015 CS',
    city: 'Amsterdam',
    phone: `+3161234${String(Math.floor(Math.random() * 9000) + 1000)}`,
    order_key: randomBytes(12).toString('hex'),
  });

describe('chargebacks and dashboard refunds (Mollie fake)', () => {
  it('a chargeback takes the unspent credits back once, however often the webhook comes', async () => {
    const { member, client } = await loggedIn();
    const { paymentId, mollieId } = await buy(client);
    expect(await memberRow(member.id)).toEqual({ credits: 100, paid_user: 1 });

    mollie.fake.chargeBack(mollieId);
    const replays = await Promise.all([1, 2, 3].map(() => webhook(mollieId)));
    expect(replays.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    await webhook(mollieId);
    // The only purchase went back: no credits, no premium, nothing owed.
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
    expect(await debtOf(member.id)).toBe(0);
    const ledger = await db()
      .selectFrom('credit_transactions')
      .select(['amount', 'reason'])
      .where('member_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { amount: 100, reason: 'purchase' },
      { amount: -100, reason: 'chargeback' },
    ]);
    const shown = (await client.get(`/api/payment.php?id=${paymentId}`)).json().transaction;
    expect(shown).toMatchObject({ status: 'refunded', refundable: false });
  });

  it('spent credits become a debt: direct debit is refused until a later purchase settles it', async () => {
    const { member, client } = await loggedIn();
    const { mollieId } = await buy(client);
    await spend(member.id, 70);
    mollie.fake.chargeBack(mollieId);
    await webhook(mollieId);
    await webhook(mollieId);
    // Never below zero: 30 taken back, 70 owed.
    expect((await memberRow(member.id)).credits).toBe(0);
    expect(await debtOf(member.id)).toBe(70);
    const refused = await directDebit(client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('direct_debit_debt');

    // The next purchase of 100 credits pays the 70 owed first.
    await buy(client);
    expect((await memberRow(member.id)).credits).toBe(30);
    expect(await debtOf(member.id)).toBe(0);
    expect((await directDebit(client)).statusCode).toBe(200);
  });

  // The screens that explain a debt (/credits, /transactions, the direct debit form) read it
  // from the bundles and transactions answers: the member's own figure, nobody else's.
  it('tells the member what they owe on bundles.php and transactions.php, and only them', async () => {
    const { member, client } = await loggedIn();
    const other = await loggedIn();
    const owed = async (asker: TestClient) => [
      (await asker.get('/api/bundles.php')).json().credits_owed,
      (await asker.get('/api/transactions.php')).json().credits_owed,
    ];
    const { mollieId } = await buy(client);
    expect(await owed(client)).toEqual([0, 0]);
    await spend(member.id, 95);
    mollie.fake.chargeBack(mollieId);
    await webhook(mollieId);
    expect(await owed(client)).toEqual([95, 95]);
    expect(await owed(other.client)).toEqual([0, 0]);
    const visitor = await mollie.t.app.inject({
      method: 'GET',
      url: '/api/bundles.php',
      headers: { host: 'localhost' },
    });
    expect(visitor.json().credits_owed).toBe(0);
    await buy(client);
    expect(await owed(client)).toEqual([0, 0]);
  });

  it('a partial refund in the dashboard takes its share of the credits; the purchase stays paid', async () => {
    const { member, client } = await loggedIn();
    const { paymentId, mollieId } = await buy(client);
    // EUR 5.00 of EUR 14.95 back: 34 of the 100 credits (rounded up).
    mollie.fake.refundInDashboard(mollieId, 500);
    await webhook(mollieId);
    await webhook(mollieId);
    expect(await memberRow(member.id)).toEqual({ credits: 66, paid_user: 1 });
    const shown = (await client.get(`/api/payment.php?id=${paymentId}`)).json().transaction;
    expect(shown).toMatchObject({ status: 'paid', refundable: false });
    // The rest follows later: the remaining 66 go, and the purchase is refunded.
    mollie.fake.refundInDashboard(mollieId, 995);
    await webhook(mollieId);
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
  });

  it('our own refund is not taken twice when Mollie reports it back', async () => {
    const { member, client } = await loggedIn();
    const { paymentId, mollieId } = await buy(client);
    expect((await client.post('/api/refund.php', { payment_id: paymentId })).statusCode).toBe(200);
    await webhook(mollieId);
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
    expect(await debtOf(member.id)).toBe(0);
  });
});
