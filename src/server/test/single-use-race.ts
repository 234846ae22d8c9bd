import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { createMember } from '@server/test/factories';
import type { TestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

/**
 * The attack of issue 23 item 1, for any provider: many checkouts opened at once with one
 * single-use discount, then every provider payment paid (also those we asked to cancel: a
 * provider that could not), then every webhook at once. Exactly one order may be granted at
 * the discount; every other paid one is refunded in full and grants nothing.
 */
export interface ProviderSide {
  /** The member paid this provider payment, whatever we asked before (cancel refused). */
  pay(providerPaymentId: string): Promise<void>;
  /** The provider payments refunded so far. */
  refunded(): Promise<string[]>;
}

const PASSWORD = 'correct horse battery';
const OLD_SIGNUP = '2024-01-01T00:00:00.000Z';
export const PARALLEL_CHECKOUTS = 20;

/**
 * `first-purchase`: the time bonus and the welcome discount are one first-purchase benefit
 * (issue 29 item 4, spec §4): half the checkouts carry no code (TIMEBONUS25 applies), half
 * WELCOME25, and still at most one of them is ever granted.
 */
export type SingleUseKind =
  'once_per_user' | 'once' | 'TIMEBONUS25' | 'WELCOME25' | 'free' | 'first-purchase';

const FIRST_PURCHASE_CODES = ['TIMEBONUS25', 'WELCOME25'];

async function login(t: TestApp, createdAt: string) {
  const member = await createMember(t.database.db, t.siteId, { created_at: createdAt });
  const client = new TestClient(t.app);
  const answer = await client.post('/api/user.php', { email: member.email, password: PASSWORD });
  expect(answer.statusCode).toBe(200);
  return { member, client };
}

async function insertCode(t: TestApp, validity: string, percentage: number) {
  const code = `SU${randomBytes(4).toString('hex').toUpperCase()}`;
  await t.database.db
    .insertInto('discount_codes')
    .values({
      site_id: t.siteId,
      code,
      value_percentage: percentage,
      validity,
      created_at: new Date().toISOString(),
    })
    .execute();
  return code;
}

/** Who checks out, with which code (none: the automatic discount), for one kind. */
async function buyersFor(t: TestApp, kind: SingleUseKind) {
  const now = Date.now();
  if (kind === 'once') {
    const code = await insertCode(t, 'once', 50);
    const buyers = await Promise.all(
      Array.from({ length: PARALLEL_CHECKOUTS }, () => login(t, OLD_SIGNUP)),
    );
    return { code, buyers };
  }
  if (kind === 'TIMEBONUS25' || kind === 'WELCOME25') {
    // The time bonus lasts 4 hours after signup, the welcome discount 24 (spec §4, §9).
    const signup = new Date(now - (kind === 'TIMEBONUS25' ? 60_000 : 5 * 3600_000));
    const buyer = await login(t, signup.toISOString());
    return { code: undefined, buyers: Array.from({ length: PARALLEL_CHECKOUTS }, () => buyer) };
  }
  if (kind === 'first-purchase') {
    // Within the time bonus: a checkout without a code gets it, one typing WELCOME25 that.
    const buyer = await login(t, new Date(now - 60_000).toISOString());
    return {
      code: undefined,
      codeOf: (index: number) => (index % 2 === 0 ? undefined : 'WELCOME25'),
      buyers: Array.from({ length: PARALLEL_CHECKOUTS }, () => buyer),
    };
  }
  const code = await insertCode(t, 'once_per_user', kind === 'free' ? 100 : 50);
  const buyer = await login(t, OLD_SIGNUP);
  return { code, buyers: Array.from({ length: PARALLEL_CHECKOUTS }, () => buyer) };
}

export async function raceSingleUseCode(
  t: TestApp,
  side: ProviderSide,
  kind: SingleUseKind,
  webhook: (providerPaymentId: string) => Promise<unknown>,
) {
  const db = t.database.db;
  const bought = await buyersFor(t, kind);
  const { buyers } = bought;
  const codeOf = (index: number) =>
    'codeOf' in bought && bought.codeOf ? bought.codeOf(index) : bought.code;
  const answers = await Promise.all(
    buyers.map(({ client }, index) => {
      const code = codeOf(index);
      return client.post('/api/checkout.php', {
        bundle: 'starter',
        method: 'creditcard',
        order_key: randomBytes(12).toString('hex'),
        ...(code ? { code } : {}),
      });
    }),
  );
  // Every answer is an order to pay or 'Code reeds gebruikt', never anything else.
  for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
  for (const answer of answers.filter((each) => each.statusCode === 409))
    expect(answer.json().error).toBe('discount_used');
  expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);

  const usedCodes = kind === 'first-purchase' ? FIRST_PURCHASE_CODES : [bought.code ?? kind];
  const memberIds = [...new Set(buyers.map(({ member }) => member.id))];
  const orders = () =>
    db
      .selectFrom('payments')
      .selectAll()
      .where('discount_code', 'in', usedCodes)
      .where('member_id', 'in', memberIds)
      .execute();
  const made = (await orders()).filter((order) => order.provider_payment_id !== null);
  expect(made.length).toBeGreaterThan(0);
  // Pay every provider payment, also those cancelled (a provider that could not), then
  // every webhook at once.
  for (const order of made) await side.pay(order.provider_payment_id!);
  await Promise.all(made.map((order) => webhook(order.provider_payment_id!)));

  const ledger = await db
    .selectFrom('credit_transactions')
    .select(['member_id', 'amount', 'idempotency_key'])
    .where('member_id', 'in', memberIds)
    .execute();
  const settled = await orders();
  const granted = settled.filter((order) =>
    ledger.some((entry) => entry.idempotency_key === `payment:${order.id}`),
  );
  // Exactly one discounted grant, one redemption.
  expect(granted).toHaveLength(1);
  expect(granted[0]!.discount_cents).toBeGreaterThan(0);
  expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(100);
  const redemptions = await db
    .selectFrom('discount_redemptions')
    .select('payment_id')
    .where('code', 'in', usedCodes)
    .where('member_id', 'in', memberIds)
    .execute();
  expect(redemptions.map((row) => row.payment_id)).toEqual([granted[0]!.id]);
  // Every other order the member paid went back in full, automatically.
  const paidOthers = made.filter((order) => order.id !== granted[0]!.id);
  const refunded = await side.refunded();
  for (const order of paidOthers) {
    const now = settled.find((each) => each.id === order.id)!;
    expect(now.status).toBe('refunded');
    if (order.amount_cents > 0) expect(refunded).toContain(order.provider_payment_id);
  }
  return { made: made.length, granted: granted[0]! };
}
