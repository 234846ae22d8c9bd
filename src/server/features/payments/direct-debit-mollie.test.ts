import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bookCredits } from '@server/features/credits';
import { mollieTestWorld } from '@server/test/mollie-test-world';
import type { TestClient } from '@server/test/test-client';

// issue 29 item 3 (spec §3 direct debit form, §5 code, §8): the code reaches a phone through
// Twilio's Messages API, the form becomes a SEPA mandate at Mollie, each purchase a recurring
// payment on it, and a failed or charged-back collection takes the credits back. The real
// Mollie client and the real Twilio client against their local fakes.
const world = mollieTestWorld({ sms: true });
const { loggedIn, memberRow, db } = world;

const IBAN = 'NL91ABNA0417164300';
let phones = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  bundle: 'popular',
  account_holder: 'R. de Vries',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CS',
  city: 'Amsterdam',
  // As a Dutch member writes it: the national form, made E.164 for Twilio.
  phone: `06 1234 ${String(6000 + (phones += 1))}`,
  order_key: randomBytes(12).toString('hex'),
  ...overrides,
});
const e164 = (national: string) => `+31${national.replace(/\s/g, '').slice(1)}`;

/** The member fills in the form, gets the code by text and confirms: the confirm answer. */
async function payByDirectDebit(client: TestClient, overrides: Record<string, unknown> = {}) {
  const sent = form(overrides);
  const requested = await client.post('/api/directdebit.php', sent);
  expect(requested.statusCode, requested.body).toBe(200);
  const { request_id } = requested.json();
  const otp = world.twilio.codeFor(e164(String(sent.phone)));
  return {
    request_id,
    answer: await client.post('/api/directdebit-confirm.php', { request_id, otp }),
  };
}

const mandateCreates = () =>
  world.fake.requests.filter(
    (request) =>
      request.method === 'POST' && /^\/v2\/customers\/cst_\w+\/mandates$/.test(request.path),
  );

describe('direct debit through Mollie and Twilio', () => {
  it('texts the code, makes the mandate from the form and collects each purchase on it', async () => {
    const { member, client } = await loggedIn({ country: 'NL' });
    const { request_id, answer } = await payByDirectDebit(client);
    expect(answer.statusCode, answer.body).toBe(200);
    const { payment_id } = answer.json();

    // The code went to the phone, not to the development outbox.
    const text = world.twilio.messages.at(-1)!;
    expect(text).toMatchObject({ from: 'Amora' });
    expect(text.to).toMatch(/^\+3161234\d{4}$/);
    expect(await db().selectFrom('outbox_sms').selectAll().execute()).toEqual([]);

    // The mandate: method directdebit from the form, signed today.
    const [create] = mandateCreates();
    expect(create!.body).toEqual({
      method: 'directdebit',
      consumerName: 'R. de Vries',
      consumerAccount: IBAN,
      signatureDate: new Date().toISOString().slice(0, 10),
    });
    // The purchase: a recurring payment on that mandate, with our id and installation.
    const mollieId = await world.mollieIdOf(payment_id);
    const charge = world.fake.requests.find(
      (request) => request.method === 'POST' && request.path === '/v2/payments',
    )!.body as Record<string, unknown>;
    const customerId = String(charge.customerId);
    const mandate = world.fake.mandatesOf(customerId)[0]!;
    expect(charge).toMatchObject({
      sequenceType: 'recurring',
      mandateId: mandate.id,
      amount: { currency: 'EUR', value: '29.95' },
      metadata: { payment_id },
    });
    // Consent recorded with the wording, the mandate kept with the form.
    const stored = await db()
      .selectFrom('direct_debit_requests')
      .select(['consented_at', 'consent_wording', 'mandate_id', 'customer_id'])
      .where('id', '=', request_id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      consent_wording: 'directdebit-mandate-2',
      mandate_id: mandate.id,
      customer_id: customerId,
    });
    expect(stored.consented_at).not.toBeNull();
    // The credits come while the bank collects; the collection then succeeding changes nothing.
    expect(await memberRow(member.id)).toEqual({ credits: 250, paid_user: 1 });
    world.fake.setStatus(mollieId, 'paid');
    await world.webhook(mollieId);
    expect(await memberRow(member.id)).toEqual({ credits: 250, paid_user: 1 });

    // A second purchase from the same account: the same mandate, a new recurring payment.
    const second = await payByDirectDebit(client, { bundle: 'starter' });
    expect(second.answer.statusCode).toBe(200);
    expect(mandateCreates()).toHaveLength(1);
    const secondId = await world.mollieIdOf(second.answer.json().payment_id);
    expect(secondId).not.toBe(mollieId);
    expect(await memberRow(member.id)).toEqual({ credits: 350, paid_user: 1 });
  });

  it('a failed collection takes the credits back, the spent part as a debt that blocks direct debit', async () => {
    const { member, client } = await loggedIn({ country: 'NL' });
    const { answer } = await payByDirectDebit(client);
    const { payment_id } = answer.json();
    expect(await memberRow(member.id)).toEqual({ credits: 250, paid_user: 1 });
    // 200 of the 250 credits spent before the bank answers.
    await bookCredits(db(), {
      memberId: member.id,
      amount: -200,
      reason: 'test_spend',
      idempotencyKey: `test-spend:${member.id}`,
    });
    const mollieId = await world.mollieIdOf(payment_id);
    world.fake.setStatus(mollieId, 'failed');
    // Mollie may call more than once: taken back once.
    await Promise.all([world.webhook(mollieId), world.webhook(mollieId)]);
    await world.webhook(mollieId);

    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
    const debt = await db()
      .selectFrom('credit_debts')
      .select('credits')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(debt.credits).toBe(200);
    const payment = (await client.get(`/api/payment.php?id=${payment_id}`)).json().transaction;
    expect(payment.status).toBe('failed');
    const again = await client.post('/api/directdebit.php', form());
    expect(again.json().error).toBe('direct_debit_debt');
  });

  it('a charged-back collection takes the credits back like any chargeback', async () => {
    const { member, client } = await loggedIn({ country: 'NL' });
    const { answer } = await payByDirectDebit(client);
    const mollieId = await world.mollieIdOf(answer.json().payment_id);
    world.fake.setStatus(mollieId, 'paid');
    world.fake.chargeBack(mollieId);
    await world.webhook(mollieId);
    await world.webhook(mollieId);
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
  });

  it('a purchase withdrawn while the bank collects stops the collection: nothing is taken', async () => {
    const { member, client } = await loggedIn({ country: 'NL' });
    const { answer } = await payByDirectDebit(client);
    const { payment_id } = answer.json();
    const withdrawn = await client.post('/api/refund.php', { payment_id });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().transaction.status).toBe('refunded');
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
    const mollieId = await world.mollieIdOf(payment_id);
    const remote = world.fake.requests.filter(
      (request) => request.method === 'DELETE' && request.path === `/v2/payments/${mollieId}`,
    );
    expect(remote).toHaveLength(1);
    expect(world.fake.refunds.filter((refund) => refund.paymentId === mollieId)).toEqual([]);
    // Mollie reports the cancelled collection: nothing more is taken back.
    await world.webhook(mollieId);
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
    expect(
      await db()
        .selectFrom('credit_debts')
        .selectAll()
        .where('member_id', '=', member.id)
        .execute(),
    ).toEqual([]);
  });

  it('an account Mollie will not debit grants nothing: the order failed', async () => {
    const { member, client } = await loggedIn({ country: 'NL' });
    world.fake.refuseAccounts.add('NL02ABNA0123456789');
    const { answer } = await payByDirectDebit(client, { iban: 'NL02 ABNA 0123 4567 89' });
    expect(answer.json().error).toBe('payment_failed');
    expect(await memberRow(member.id)).toEqual({ credits: 0, paid_user: 0 });
    const order = await db()
      .selectFrom('payments')
      .select(['status', 'provider_payment_id'])
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'failed', provider_payment_id: null });
  });

  it('a number Twilio will not text is a field error on the phone', async () => {
    const { client } = await loggedIn({ country: 'NL' });
    world.twilio.refuseNumbers.add('+31201234567');
    const answer = await client.post('/api/directdebit.php', form({ phone: '020 123 4567' }));
    expect(answer.json()).toMatchObject({
      error: 'validation_failed',
      fields: { phone: 'phone_invalid' },
    });
  });
});
