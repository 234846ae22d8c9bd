import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// spec §8 'Uw limiet voor automatische incasso betalingen is bereikt.': the monthly limit is
// checked in the transaction that books the debit, so confirmations sent at the same moment
// cannot pass it together (the demo site: EUR 150.00 a month).
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let phones = 0;
async function requestWithCode(client: TestClient, bundle: string) {
  const phone = `+3161234${String(7000 + (phones += 1))}`;
  const requested = await client.post('/api/directdebit.php', {
    bundle,
    account_holder: 'R. de Vries',
    iban: 'NL91ABNA0417164300',
    street: 'Keizersgracht',
    house_number: '12a',
    zip: '1015 CS',
    city: 'Amsterdam',
    phone,
    order_key: randomBytes(12).toString('hex'),
  });
  expect(requested.statusCode).toBe(200);
  const text = await db()
    .selectFrom('outbox_sms')
    .select('text')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { request_id: requested.json().request_id, otp: /\b(\d{6})\b/.exec(text.text)![1]! };
}

describe('the monthly direct-debit limit under parallel confirmations', () => {
  it('books only what fits: three of four EUR 49.95 debits, the fourth refused', async () => {
    const member = await createMember(db(), t.siteId, {
      created_at: '2024-01-01T00:00:00.000Z',
      country: 'NL',
    });
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: member.email, password: 'correct horse battery' });
    // Each request alone is within the limit when it is made.
    const confirmations = [];
    for (let i = 0; i < 4; i += 1) confirmations.push(await requestWithCode(client, 'value'));

    const answers = await Promise.all(
      confirmations.map((body) => client.post('/api/directdebit-confirm.php', body)),
    );
    const codes = answers.map((answer) => answer.json().error ?? answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 'direct_debit_limit_reached']);
    const { total } = await db()
      .selectFrom('payments')
      .select((eb) => eb.fn.sum<number>('amount_cents').as('total'))
      .where('member_id', '=', member.id)
      .where('method', '=', 'directdebit')
      .executeTakeFirstOrThrow();
    expect(Number(total)).toBe(3 * 4995);
    const { credits } = await db()
      .selectFrom('members')
      .select('credits')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(credits).toBe(3 * 500);
  });
});
