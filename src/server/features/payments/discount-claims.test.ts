import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { type TestClient } from '@server/test/test-client';
import { paymentsWorld } from '@server/test/payments-test-world';

// Single-use discounts (docs/payments.md): a once code, once_per_user code, WELCOME25 or
// TIMEBONUS25 is held by at most one open order; a new checkout with it takes the claim and
// cancels the older order at the provider, so an abandoned checkout never blocks anyone.
let t: TestApp;
const db = () => t.database.db;
const { loggedIn } = paymentsWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orderKey = () => randomBytes(12).toString('hex');

async function onceCode() {
  const code = `ONCE${randomBytes(3).toString('hex').toUpperCase()}`;
  await db()
    .insertInto('discount_codes')
    .values({
      site_id: t.siteId,
      code,
      value_percentage: 20,
      validity: 'once',
      created_at: new Date().toISOString(),
    })
    .execute();
  return code;
}

const checkout = (client: TestClient, code?: string) =>
  client.post('/api/checkout.php', {
    bundle: 'popular',
    method: 'ideal',
    order_key: orderKey(),
    ...(code ? { code } : {}),
  });

async function choose(checkoutUrl: string, outcome: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: checkoutUrl,
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(response.statusCode).toBe(303);
}

const ordersWith = (code: string) =>
  db()
    .selectFrom('payments')
    .select(['id', 'member_id', 'status', 'discount_released_at'])
    .where('discount_code', '=', code)
    .orderBy('id')
    .execute();

function expectOrdersOrUsed(
  answers: Array<{ statusCode: number; json: () => { error?: string } }>,
) {
  for (const answer of answers)
    if (answer.statusCode !== 200) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error).toBe('discount_used');
    }
}

describe('single-use discounts', () => {
  it('two members opening checkouts with one once code at the same moment: one open order holds it', async () => {
    const code = await onceCode();
    const buyers = await Promise.all([loggedIn(), loggedIn(), loggedIn()]);
    const answers = await Promise.all(buyers.map(({ client }) => checkout(client, code)));
    // An order whose claim was taken before its provider payment was made answers 'Code
    // reeds gebruikt' (issue 23 item 1): it is never sent to pay.
    expectOrdersOrUsed(answers);
    const orders = await ordersWith(code);
    const holders = orders.filter((order) => order.discount_released_at === null);
    expect(holders).toHaveLength(1);
    expect(holders[0]!.status).toBe('open');
    // The others lost the claim and were cancelled at the (demo) provider.
    expect(orders.filter((order) => order.status === 'canceled')).toHaveLength(2);

    // The holder pays; the code is used up for everyone.
    const winner = answers.find((answer) => answer.json().payment_id === holders[0]!.id)!;
    await choose(winner.json().checkout_url, 'paid');
    const later = await loggedIn();
    expect((await checkout(later.client, code)).json().error).toBe('discount_used');
  });

  it('parallel checkouts of one new member each get the welcome discount, one order keeps it', async () => {
    const { member, client } = await loggedIn({ created_at: new Date().toISOString() });
    const answers = await Promise.all([1, 2, 3, 4].map(() => checkout(client)));
    expectOrdersOrUsed(answers);
    const orders = await ordersWith('TIMEBONUS25');
    const mine = orders.filter((order) => order.member_id === member.id);
    expect(mine).toHaveLength(4);
    expect(mine.filter((order) => order.status === 'open')).toHaveLength(1);
    expect(mine.filter((order) => order.discount_released_at === null)).toHaveLength(1);
  });

  it('an abandoned checkout never blocks the member, and the old one can no longer be paid', async () => {
    const code = await onceCode();
    const { member, client } = await loggedIn();
    const abandoned = (await checkout(client, code)).json();
    const fresh = (await checkout(client, code)).json();
    // Going back to the first provider page and paying there: it was cancelled.
    await choose(abandoned.checkout_url, 'paid');
    const old = (await client.get(`/api/payment.php?id=${abandoned.payment_id}`)).json();
    expect(old.transaction.status).toBe('canceled');
    await choose(fresh.checkout_url, 'paid');
    const credits = await db()
      .selectFrom('credit_transactions')
      .select('amount')
      .where('member_id', '=', member.id)
      .execute();
    expect(credits).toEqual([{ amount: 250 }]);
  });

  it('a code held by an order being paid (pending) is used for now', async () => {
    const code = await onceCode();
    const first = await loggedIn();
    const { payment_id } = (await checkout(first.client, code)).json();
    await db()
      .updateTable('payments')
      .set({ status: 'pending' })
      .where('id', '=', payment_id)
      .execute();
    const second = await loggedIn();
    expect((await checkout(second.client, code)).json().error).toBe('discount_used');
    expect((await checkout(first.client, code)).json().error).toBe('discount_used');
  });
});
