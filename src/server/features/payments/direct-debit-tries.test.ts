import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { MAX_CODE_ATTEMPTS } from './direct-debit-service';
import { paymentsWorld } from '@server/test/payments-test-world';

// Direct debit under parallel requests (spec §5 'Code ongeldig' with limited tries; issue 10
// §5): the limit on tries must hold for many requests at once, not only one after another.
let t: TestApp;
const db = () => t.database.db;
const { loggedIn } = paymentsWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let phones = 0;
const form = (bundle = 'popular') => ({
  bundle,
  account_holder: 'R. de Vries',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CS',
  city: 'Amsterdam',
  phone: `+31 6 5555 ${String(1000 + (phones += 1))}`,
  order_key: randomBytes(12).toString('hex'),
});

async function codeSentTo(phone: string) {
  const row = await db()
    .selectFrom('outbox_sms')
    .select('text')
    .where('phone', '=', phone.replace(/[\s()-]/g, ''))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.text)![1]!;
}

describe('direct debit code tries in parallel', () => {
  it('guesses sent at once are compared no more often than the tries allowed', async () => {
    const { client } = await loggedIn();
    const sent = form();
    const { request_id } = (await client.post('/api/directdebit.php', sent)).json();
    const code = await codeSentTo(sent.phone);
    // 30 different wrong codes at once: a check read before the count is raised would let
    // each of them be compared, i.e. 30 tries at the code instead of MAX_CODE_ATTEMPTS.
    const guesses = Array.from({ length: 30 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((otp) => client.post('/api/directdebit-confirm.php', { request_id, otp })),
    );
    expect(answers.map((answer) => answer.json().error)).toEqual(guesses.map(() => 'otp_invalid'));
    const stored = await db()
      .selectFrom('direct_debit_requests')
      .select('attempts')
      .where('id', '=', request_id)
      .executeTakeFirstOrThrow();
    expect(stored.attempts).toBe(MAX_CODE_ATTEMPTS);
    const late = await client.post('/api/directdebit-confirm.php', { request_id, otp: code });
    expect(late.json().error).toBe('otp_invalid');
  });
});
