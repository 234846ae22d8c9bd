import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeCreditsBack } from '@server/features/credits';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { type TestClient } from '@server/test/test-client';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { paymentsWorld } from '@server/test/payments-test-world';

// Issue 30 item 8: transactions with filters and keyset pages, a refund through the payments
// feature's refund path and the provider (audited; above the amount paid refused, nothing
// changed), credit debts and how they were settled, the direct-debit flag and monthly limit.
let t: TestApp;
let admin: TestClient;
const db = () => t.database.db;
const { loggedIn, memberRow, ledger } = paymentsWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffClient(t, await createTestStaff(t, 'owner'));
});
afterAll(() => t.close());

async function buy(client: TestClient, method = 'creditcard', outcome = 'paid') {
  const { payment_id, checkout_url } = (
    await client.post('/api/checkout.php', {
      bundle: 'starter',
      method,
      order_key: randomBytes(12).toString('hex'),
    })
  ).json();
  await t.app.inject({
    method: 'POST',
    url: checkout_url,
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  return payment_id as number;
}
const paymentRow = (id: number) =>
  db().selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('transactions in the console', () => {
  it('filters by member, status, method and period, and pages by keyset without repeats', async () => {
    const { member, client } = await loggedIn();
    const paid = await buy(client);
    const failed = await buy(client, 'ideal', 'failed');
    const list = async (query: string) =>
      (await admin.get(`/api/admin/payments.php?member=${member.id}${query}`)).json();
    expect((await list('')).payments.map((p: { id: number }) => p.id)).toEqual([failed, paid]);
    expect((await list('&status=paid')).payments.map((p: { id: number }) => p.id)).toEqual([paid]);
    expect((await list('&method=ideal')).payments.map((p: { id: number }) => p.id)).toEqual([
      failed,
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`&from=${today}&to=${today}`)).payments).toHaveLength(2);
    expect((await list('&to=2020-01-01')).payments).toHaveLength(0);
    const next = await list(`&before=${failed}`);
    expect(next.payments.map((p: { id: number }) => p.id)).toEqual([paid]);
    expect(next.next_before).toBeNull();
    const [shown] = (await list('&status=paid')).payments;
    expect(shown).toMatchObject({ member_name: member.name, refundable_cents: shown.amount_cents });
    expect(JSON.stringify(await list(''))).not.toContain(member.email);
  });
});

describe('POST /api/admin/payment-refund.php', () => {
  it('refunds through the provider: the member loses the credits, sees the refund, audited', async () => {
    const { member, client } = await loggedIn();
    const before = (await memberRow(member.id)).credits;
    const id = await buy(client);
    const { amount_cents, credits } = await paymentRow(id);
    const refunded = await admin.post('/api/admin/payment-refund.php', {
      payment: id,
      amount_cents,
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().payment).toMatchObject({ status: 'refunded', refundable_cents: 0 });
    expect(await memberRow(member.id)).toMatchObject({ credits: before, paid_user: 0 });
    const demo = await db()
      .selectFrom('demo_payments')
      .select('status')
      .where('id', '=', (await paymentRow(id)).provider_payment_id!)
      .executeTakeFirstOrThrow();
    expect(demo.status).toBe('refunded');
    expect((await ledger(member.id)).at(-1)).toMatchObject({ amount: -credits });
    const transaction = (await client.get(`/api/payment.php?id=${id}`)).json().transaction;
    expect(transaction.status).toBe('refunded');
    const audit = await db()
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'payment.refund')
      .where('subject', '=', `payment ${id}`)
      .execute();
    expect(audit).toHaveLength(1);
    // A second refund of the same payment is refused.
    const again = await admin.post('/api/admin/payment-refund.php', { payment: id, amount_cents });
    expect(again.json().error).toBe('refund_too_large');
  });

  it('refuses a refund above the amount paid with refund_too_large and changes nothing', async () => {
    const { member, client } = await loggedIn();
    const id = await buy(client);
    const row = await paymentRow(id);
    const credits = (await memberRow(member.id)).credits;
    const refused = await admin.post('/api/admin/payment-refund.php', {
      payment: id,
      amount_cents: row.amount_cents + 1,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('refund_too_large');
    expect(await paymentRow(id)).toMatchObject({ status: 'paid', refund_requested_at: null });
    expect((await memberRow(member.id)).credits).toBe(credits);
    const audit = await db()
      .selectFrom('staff_audit')
      .select('id')
      .where('subject', '=', `payment ${id}`)
      .execute();
    expect(audit).toHaveLength(0);
    const partial = await admin.post('/api/admin/payment-refund.php', {
      payment: id,
      amount_cents: 1,
    });
    expect(partial.json()).toMatchObject({
      error: 'validation_failed',
      fields: { amount_cents: 'partial_refund_unsupported' },
    });
    expect((await paymentRow(id)).status).toBe('paid');
  });

  it('takes back only the credits the balance still holds (spent ones leave no debt)', async () => {
    const { member, client } = await loggedIn();
    const id = await buy(client);
    const { amount_cents } = await paymentRow(id);
    await db()
      .transaction()
      .execute((trx) =>
        takeCreditsBack(trx, {
          memberId: member.id,
          credits: 80,
          reason: 'message',
          idempotencyKey: `spend:${member.id}`,
        }),
      );
    const left = (await memberRow(member.id)).credits;
    expect(
      (await admin.post('/api/admin/payment-refund.php', { payment: id, amount_cents })).statusCode,
    ).toBe(200);
    expect((await memberRow(member.id)).credits).toBe(
      Math.max(0, left - (await paymentRow(id)).credits),
    );
    const debt = await db()
      .selectFrom('credit_debts')
      .select('credits')
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    expect(debt?.credits ?? 0).toBe(0);
  });
});

describe('debts and direct-debit rules', () => {
  it('lists a debt left by a chargeback and the purchase that settled it', async () => {
    const { member, client } = await loggedIn();
    await buy(client);
    await db()
      .transaction()
      .execute(async (trx) => {
        const { credits } = await trx
          .selectFrom('members')
          .select('credits')
          .where('id', '=', member.id)
          .executeTakeFirstOrThrow();
        await takeCreditsBack(trx, {
          memberId: member.id,
          credits: credits + 30,
          reason: 'chargeback',
          idempotencyKey: `cb:${member.id}`,
        });
      });
    let debts = (await admin.get('/api/admin/credit-debts.php')).json().debts;
    expect(debts.find((debt: { member_id: number }) => debt.member_id === member.id)).toMatchObject(
      { credits: 30, movements: [expect.objectContaining({ reason: 'chargeback' })] },
    );
    await buy(client);
    debts = (await admin.get('/api/admin/credit-debts.php')).json().debts;
    const settled = debts.find((debt: { member_id: number }) => debt.member_id === member.id);
    expect(settled.credits).toBe(0);
    expect(settled.movements.map((movement: { reason: string }) => movement.reason)).toEqual([
      'debt_settled',
      'chargeback',
    ]);
  });

  it('sets the block flag and a monthly limit of the member, audited', async () => {
    const { member } = await loggedIn();
    const shown = (await admin.get(`/api/admin/member-direct-debit.php?member=${member.id}`)).json()
      .direct_debit;
    expect(shown).toMatchObject({ blocked: false, monthly_limit: null });
    const changed = await admin.put('/api/admin/member-direct-debit.php', {
      member: member.id,
      blocked: true,
      monthly_limit: { EUR: 1000 },
    });
    expect(changed.json().direct_debit).toMatchObject({
      blocked: true,
      monthly_limit: { EUR: 1000 },
    });
    const row = await db()
      .selectFrom('members')
      .select(['direct_debit_blocked', 'direct_debit_limit_json'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ direct_debit_blocked: 1, direct_debit_limit_json: '{"EUR":1000}' });
    const [audit] = await db()
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'member.direct_debit')
      .where('subject', '=', `member ${member.id}`)
      .execute();
    expect(JSON.parse(audit!.before_json!)).toEqual({ blocked: false, monthly_limit: null });
    const bad = await admin.put('/api/admin/member-direct-debit.php', {
      member: member.id,
      monthly_limit: { EUR: -5 },
    });
    expect(bad.json().error).toBe('validation_failed');
    expect((await admin.get('/api/admin/member-direct-debit.php?member=2000000')).statusCode).toBe(
      404,
    );
  });
});
