import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { type TestApp, createTestApp } from '@server/test/test-app';
import type { TestClient } from '@server/test/test-client';

// Issue 30 item 9: a site's figures per period, each read from where it is recorded. Rows
// outside the period, of another site, of fictional profiles and of the demo seed never count.

let t: TestApp;
let owner: TestClient;
let otherSite: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await staffClient(t, await createTestStaff(t, 'owner'));
  const row = await t.database.db
    .insertInto('sites')
    .values({
      domain: 'other.example',
      company_id: 1,
      settings_json: '{}',
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherSite = row.id;
  await seedPeriod();
  // Some sixty rows written one by one and three staff passwords hashed (argon2): on a busy
  // shared machine with PostgreSQL that takes longer than the default 30 s of a hook.
}, 120_000);
afterAll(() => t.close());

const db = () => t.database.db;
let payments = 0;

async function member(site: number, createdAt: string, extra: Record<string, unknown> = {}) {
  return createMember(db(), site, { created_at: createdAt, last_active_at: createdAt, ...extra });
}

async function pay(
  memberId: number,
  site: number,
  fulfilledAt: string,
  cents: number,
  currency = 'EUR',
  reversed = 0,
) {
  payments += 1;
  await db()
    .insertInto('payments')
    .values({
      site_id: site,
      member_id: memberId,
      bundle_id: 'b1',
      credits: 100,
      currency,
      list_price_cents: cents,
      discount_cents: 0,
      amount_cents: cents,
      vat_percent: 21,
      discount_code: null,
      method: 'ideal',
      issuer: null,
      provider: 'demo',
      provider_payment_id: `figures-${payments}`,
      checkout_url: null,
      status: reversed ? 'refunded' : 'paid',
      order_key: `figures-order-${payments}`,
      created_at: fulfilledAt,
      updated_at: fulfilledAt,
      fulfilled_at: fulfilledAt,
      refunded_at: null,
      refund_requested_at: null,
      discount_released_at: null,
      reversed_cents: reversed,
    })
    .execute();
}

async function activate(memberId: number, usedAt: string) {
  await db()
    .insertInto('email_tokens')
    .values({
      token_hash: `figures-${memberId}`,
      member_id: memberId,
      purpose: 'activation',
      new_email: null,
      created_at: usedAt,
      expires_at: '2030-01-01T00:00:00.000Z',
      used_at: usedAt,
    })
    .execute();
}

async function message(from: number, to: number, at: string) {
  const [low, high] = from < to ? [from, to] : [to, from];
  const conversation = await db()
    .insertInto('conversations')
    .values({
      site_id: t.siteId,
      member_low_id: low,
      member_high_id: high,
      started_by: from,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db()
    .insertInto('messages')
    .values({
      conversation_id: conversation.id,
      sender_id: from,
      recipient_id: to,
      kind: 'text',
      text: 'Hi',
      gift_id: null,
      photo_storage_key: null,
      photo_state: null,
      client_key: `figures-${from}-${to}-${at}`,
      credits_spent: 5,
      operator_state: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function operatorAnswer(
  messageId: number,
  staffId: number,
  at: string,
  waitedMs: number,
  site = t.siteId,
) {
  await db()
    .insertInto('operator_answers')
    .values({
      message_id: messageId,
      site_id: site,
      staff_id: staffId,
      waited_ms: waitedMs,
      answered_at: at,
    })
    .execute();
}

// The period asked for below is 2026-03-01 to 2026-03-03.
async function seedPeriod() {
  const gallery = { lander: 'landers-gallery' };
  const ad = await member(t.siteId, '2026-03-01T08:00:00.000Z', { network: 'adnet', ...gallery });
  const ad2 = await member(t.siteId, '2026-03-02T23:59:59.000Z', { network: 'adnet', ...gallery });
  // Signed up before members kept their lander: counted under none.
  const direct = await member(t.siteId, '2026-03-03T12:00:00.000Z');
  const before = await member(t.siteId, '2026-02-28T23:59:59.000Z', { network: 'adnet' });
  const fictional = await member(t.siteId, '2026-03-01T09:00:00.000Z', { is_fictional: 1 });
  await member(t.siteId, '2026-03-01T09:00:00.000Z', { is_demo: 1, network: 'adnet', ...gallery });
  const elsewhere = await member(otherSite, '2026-03-01T10:00:00.000Z', {
    network: 'adnet',
    ...gallery,
  });

  await activate(ad.id, '2026-03-01T08:30:00.000Z');
  await activate(before.id, '2026-03-02T08:30:00.000Z');
  await activate(elsewhere.id, '2026-03-01T10:30:00.000Z');

  // `before` paid first in February: its March payment is no first purchase.
  await pay(before.id, t.siteId, '2026-02-28T23:59:59.000Z', 999);
  await pay(before.id, t.siteId, '2026-03-02T10:00:00.000Z', 1999);
  await pay(ad.id, t.siteId, '2026-03-01T09:00:00.000Z', 999);
  await pay(ad.id, t.siteId, '2026-03-03T09:00:00.000Z', 999);
  await pay(direct.id, t.siteId, '2026-03-03T13:00:00.000Z', 1500, 'GBP', 1500);
  await pay(elsewhere.id, otherSite, '2026-03-01T11:00:00.000Z', 5000);

  await message(ad.id, fictional.id, '2026-03-01T10:00:00.000Z');
  await message(ad.id, ad2.id, '2026-03-03T10:00:00.000Z');
  await message(fictional.id, direct.id, '2026-03-03T11:00:00.000Z');
  await message(before.id, ad.id, '2026-03-04T00:00:00.000Z');

  // Issue 30 item 3: answers per operator per day; one after the period, one of another site.
  // The answers are a second profile's messages (a profile's messages are no member's).
  const persona = await member(t.siteId, '2026-01-01T00:00:00.000Z', { is_fictional: 1 });
  const answers = [];
  for (const to of [ad, ad2, before, direct, elsewhere])
    answers.push(await message(persona.id, to.id, '2026-03-01T10:00:30.000Z'));
  const ada = await createTestStaff(t, 'operator', { name: 'Ada' });
  const bo = await createTestStaff(t, 'operator', { name: 'Bo' });
  await operatorAnswer(answers[0]!, ada.staff.id, '2026-03-01T10:01:00.000Z', 60_000);
  await operatorAnswer(answers[1]!, ada.staff.id, '2026-03-01T23:59:59.999Z', 120_000);
  await operatorAnswer(answers[2]!, bo.staff.id, '2026-03-03T12:00:00.000Z', 600_000);
  await operatorAnswer(answers[3]!, bo.staff.id, '2026-03-04T00:00:00.000Z', 5_000);
  await operatorAnswer(answers[4]!, bo.staff.id, '2026-03-02T00:00:00.000Z', 5_000, otherSite);

  await db()
    .insertInto('visits')
    .values([
      {
        site_id: t.siteId,
        day: '2026-03-01',
        source: 'adnet',
        lander: 'landers-gallery',
        count: 10,
      },
      { site_id: t.siteId, day: '2026-03-02', source: '', lander: 'index', count: 5 },
      { site_id: t.siteId, day: '2026-03-02', source: '*', lander: 'index', count: 2 },
      { site_id: t.siteId, day: '2026-03-03', source: 'adnet', lander: 'landers-video', count: 4 },
      {
        site_id: t.siteId,
        day: '2026-03-04',
        source: 'adnet',
        lander: 'landers-gallery',
        count: 99,
      },
      {
        site_id: otherSite,
        day: '2026-03-01',
        source: 'adnet',
        lander: 'landers-gallery',
        count: 7,
      },
    ])
    .execute();

  await db()
    .insertInto('page_bounces')
    .values([
      { site_id: t.siteId, route: 'landers-lander', day: '2026-03-01', count: 4 },
      { site_id: t.siteId, route: 'home', day: '2026-03-03', count: 2 },
      { site_id: t.siteId, route: 'landers-lander', day: '2026-03-04', count: 9 },
      { site_id: otherSite, route: 'home', day: '2026-03-01', count: 7 },
    ])
    .execute();
}

const figuresOf = async (from: string, to: string, site = t.siteId) =>
  owner.get(`/api/admin/site-figures.php?site=${site}&from=${from}&to=${to}`);

describe('GET /api/admin/site-figures.php', () => {
  it('counts each figure of the period per day, per traffic source and per currency', async () => {
    const response = await figuresOf('2026-03-01', '2026-03-03');
    expect(response.statusCode).toBe(200);
    const figures = response.json();
    expect(figures.days).toEqual([
      {
        day: '2026-03-01',
        visits: 10,
        signups: 1,
        activations: 1,
        first_purchases: 1,
        messages: 1,
        page_bounces: 4,
      },
      {
        day: '2026-03-02',
        visits: 7,
        signups: 1,
        activations: 1,
        first_purchases: 0,
        messages: 0,
        page_bounces: 0,
      },
      {
        day: '2026-03-03',
        visits: 4,
        signups: 1,
        activations: 0,
        first_purchases: 1,
        messages: 1,
        page_bounces: 2,
      },
    ]);
    // Conversion: signups per visit of the period, to four places.
    expect(figures.sources).toEqual([
      {
        source: 'adnet',
        visits: 14,
        signups: 2,
        conversion: 0.1429,
        activations: 2,
        first_purchases: 1,
      },
      {
        source: null,
        visits: 5,
        signups: 1,
        conversion: 0.2,
        activations: 0,
        first_purchases: 1,
      },
      { source: '*', visits: 2, signups: 0, conversion: 0, activations: 0, first_purchases: 0 },
    ]);
    expect(figures.landers).toEqual([
      { lander: 'landers-gallery', visits: 10, signups: 2, conversion: 0.2 },
      { lander: 'index', visits: 7, signups: 0, conversion: 0 },
      { lander: 'landers-video', visits: 4, signups: 0, conversion: 0 },
      { lander: null, visits: 0, signups: 1, conversion: null },
    ]);
    // Issue 30 item 3: answer times of the period (nearest rank) and answers per operator per day.
    expect(figures.operators).toEqual({
      waiting: 0,
      answers: 3,
      median_answer_seconds: 120,
      p90_answer_seconds: 600,
      per_day: [
        { day: '2026-03-03', staff_id: expect.any(Number), name: 'Bo', answers: 1 },
        { day: '2026-03-01', staff_id: expect.any(Number), name: 'Ada', answers: 2 },
      ],
    });
    expect(figures.revenue).toEqual([
      { currency: 'EUR', payments: 3, amount_cents: 999 + 1999 + 999, reversed_cents: 0 },
      { currency: 'GBP', payments: 1, amount_cents: 1500, reversed_cents: 1500 },
    ]);
    expect(figures.bounces).toEqual([
      { route: 'landers-lander', count: 4 },
      { route: 'home', count: 2 },
    ]);
    expect(figures.totals).toMatchObject({
      visits: 21,
      conversion: 0.1429,
      signups: 3,
      activations: 2,
      first_purchases: 2,
      messages: 2,
      messaging_members: 1,
      active_members: 3,
      page_bounces: 6,
    });
  });

  it('answers an empty day as zeros and refuses a period backwards or longer than a year', async () => {
    const empty = (await figuresOf('2025-01-01', '2025-01-01')).json();
    expect(empty.days).toEqual([
      {
        day: '2025-01-01',
        visits: 0,
        signups: 0,
        activations: 0,
        first_purchases: 0,
        messages: 0,
        page_bounces: 0,
      },
    ]);
    expect((await figuresOf('2026-03-03', '2026-03-01')).json().error).toBe('validation_failed');
    expect((await figuresOf('2024-01-01', '2026-01-01')).json().error).toBe('validation_failed');
    expect((await figuresOf('2026-02-30', '2026-03-01')).json().error).toBe('validation_failed');
  });

  it('is refused for a site outside an admin’s scope', async () => {
    const admin = await staffClient(t, await createTestStaff(t, 'admin', { sites: [t.siteId] }));
    expect(
      (
        await admin.get(
          `/api/admin/site-figures.php?site=${t.siteId}&from=2026-03-01&to=2026-03-01`,
        )
      ).statusCode,
    ).toBe(200);
    const other = await admin.get(
      `/api/admin/site-figures.php?site=${otherSite}&from=2026-03-01&to=2026-03-01`,
    );
    expect(other.statusCode).toBe(403);
  });
});
