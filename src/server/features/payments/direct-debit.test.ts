import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberOptions } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { MAX_CODE_ATTEMPTS } from './direct-debit-service';
import { paymentsWorld } from '@server/test/payments-test-world';

// Direct debit (spec §2 directdebit, §3 form, §5 'Code ongeldig', §8 block and limit).
let t: TestApp;
const db = () => t.database.db;
const { loggedIn, memberRow } = paymentsWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let phones = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  bundle: 'popular',
  account_holder: 'R. de Vries',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CS',
  city: 'Amsterdam',
  phone: `+31 6 1234 ${String(5000 + (phones += 1))}`,
  order_key: randomBytes(12).toString('hex'),
  ...overrides,
});

/** The code in the last text sent to a phone (the development outbox). */
async function codeSentTo(phone: string) {
  const row = await db()
    .selectFrom('outbox_sms')
    .select('text')
    .where('phone', '=', phone.replace(/[\s()-]/g, ''))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.text)![1]!;
}

describe('direct debit', () => {
  it('texts a code; a wrong one is refused, the right one books the order once', async () => {
    const { member, client } = await loggedIn();
    const sent = form();
    const requested = await client.post('/api/directdebit.php', sent);
    expect(requested.statusCode).toBe(200);
    const { request_id, phone_hint } = requested.json();
    expect(phone_hint).toBe(String(sent.phone).slice(-3));
    const code = await codeSentTo(String(sent.phone));

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await client.post('/api/directdebit-confirm.php', { request_id, otp: wrong });
    expect(refused.json().error).toBe('otp_invalid');

    const confirmed = await client.post('/api/directdebit-confirm.php', { request_id, otp: code });
    expect(confirmed.statusCode).toBe(200);
    const { payment_id } = confirmed.json();
    // A retried confirm answers the same order and grants nothing more.
    expect(
      (await client.post('/api/directdebit-confirm.php', { request_id, otp: code })).json(),
    ).toEqual({ payment_id });
    expect(await memberRow(member.id)).toEqual({ credits: 250, paid_user: 1 });
    const payment = (await client.get(`/api/payment.php?id=${payment_id}`)).json().transaction;
    expect(payment).toMatchObject({ status: 'paid', method: 'directdebit', price: 2995 });
    const stored = await db()
      .selectFrom('direct_debit_requests')
      .select('iban')
      .where('id', '=', request_id)
      .executeTakeFirstOrThrow();
    expect(stored.iban).toBe('NL91ABNA0417164300');
  });

  it('refuses an invalid IBAN and phone number with field errors', async () => {
    const { client } = await loggedIn();
    const bad = await client.post('/api/directdebit.php', form({ iban: 'NL91 ABNA 0417 1643 01' }));
    expect(bad.json()).toMatchObject({
      error: 'validation_failed',
      fields: { iban: 'iban_invalid' },
    });
    const phone = await client.post('/api/directdebit.php', form({ phone: '12' }));
    expect(phone.json().fields).toMatchObject({ phone: 'phone_invalid' });
  });

  it('a spent code stays invalid after too many wrong tries', async () => {
    const { client } = await loggedIn();
    const sent = form();
    const { request_id } = (await client.post('/api/directdebit.php', sent)).json();
    const code = await codeSentTo(String(sent.phone));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1)
      await client.post('/api/directdebit-confirm.php', { request_id, otp: wrong });
    const late = await client.post('/api/directdebit-confirm.php', { request_id, otp: code });
    expect(late.json().error).toBe('otp_invalid');
  });

  it('“Je account is geblokkeerd voor automatische incasso.” for a blocked member', async () => {
    const { client } = await loggedIn({ direct_debit_blocked: 1 } as MemberOptions);
    const answer = await client.post('/api/directdebit.php', form());
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error).toBe('direct_debit_blocked');
  });

  it('“Uw limiet … is bereikt” past the site’s monthly limit (€150 on the demo site)', async () => {
    const { client } = await loggedIn();
    const first = form({ bundle: 'best' });
    const { request_id } = (await client.post('/api/directdebit.php', first)).json();
    const otp = await codeSentTo(String(first.phone));
    expect(
      (await client.post('/api/directdebit-confirm.php', { request_id, otp })).statusCode,
    ).toBe(200);
    const second = await client.post('/api/directdebit.php', form({ bundle: 'best' }));
    expect(second.json().error).toBe('direct_debit_limit_reached');
    // A smaller one still fits: €77.95 + €14.95 ≤ €150.
    expect(
      (await client.post('/api/directdebit.php', form({ bundle: 'starter' }))).statusCode,
    ).toBe(200);
  });

  it('another member’s request is not_found', async () => {
    const owner = await loggedIn();
    const { request_id } = (await owner.client.post('/api/directdebit.php', form())).json();
    const other = await loggedIn();
    const answer = await other.client.post('/api/directdebit-confirm.php', {
      request_id,
      otp: '123456',
    });
    expect(answer.statusCode).toBe(404);
  });
});
