import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/database';
import { memberEdges } from '@server/db/member-owned-rows';
import { findMemberById } from '@server/db/members-table';
import { photoFileNames, privatePhotoFileName } from '@server/features/photos';
import { mollieProvider } from '@server/features/payments';
import { loadInstallationId } from '@server/installation-identity';
import { localPhotoStorage } from '@server/storage/photo-storage';
import { MEMBER_PASSWORD, createMember, createPhoto } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { type MollieFake, startMollieFake } from '@server/test/mollie-fake';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { type ErasureDeps, eraseDueAccounts } from './account-erasure';

// Issue 31 item 7, spec §9: 14 days after a deletion the account is erased; payments, the
// ledger, debts, direct-debit requests, mandate consents and redemptions stay pseudonymised,
// and the partner keeps the conversation. Time is controlled: `now` is handed to the job.
let fake: MollieFake;
let t: TestApp;
let deps: ErasureDeps;
const db = () => t.database.db;
const rejectUnauthorized = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  fake = await startMollieFake();
  // As in mollie-provider.test.ts: this worker alone skips the check of the fake's certificate.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  t = await createTestApp();
  deps = {
    db: db(),
    storage: localPhotoStorage(t.config.MEDIA_DIR),
    provider: mollieProvider({
      apiKey: 'test_fakeKeyForTheLocalFake',
      apiEndpoint: fake.apiEndpoint,
      installationId: () => loadInstallationId(db()),
    }),
  };
});
afterAll(async () => {
  await t.close();
  await fake.close();
  if (rejectUnauthorized === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = rejectUnauthorized;
});

const now = new Date().toISOString();
const PNG = Buffer.from('not really a photo');

/** A member with a row in every kind of table, a partner who wrote to them, and files. */
async function richMember(d: Db) {
  const member = await createMember(d, t.siteId, { about: 'I like long walks', credits: 5 });
  const partner = await createMember(d, t.siteId);
  const photo = await createPhoto(d, member.id);
  const files = Object.values(photoFileNames(photo.storage_key, photo.blurred_storage_key));
  for (const name of [
    ...files,
    privatePhotoFileName('chatkey', 'thumb'),
    privatePhotoFileName('chatkey', 'full'),
  ])
    await deps.storage.put(name, PNG, 'image/webp');
  const payment = await d
    .insertInto('payments')
    .values({
      site_id: t.siteId,
      member_id: member.id,
      bundle_id: 'popular',
      credits: 10,
      currency: 'EUR',
      list_price_cents: 1000,
      discount_cents: 500,
      amount_cents: 500,
      vat_percent: 21,
      discount_code: 'STAY-ABC',
      method: 'directdebit',
      provider: 'directdebit',
      status: 'paid',
      order_key: `k${member.id}`,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await d
    .insertInto('credit_transactions')
    .values({
      member_id: member.id,
      amount: 10,
      balance_after: 10,
      reason: 'purchase',
      idempotency_key: `p${member.id}`,
      created_at: now,
    })
    .execute();
  await d
    .insertInto('credit_debts')
    .values({ member_id: member.id, credits: 3, updated_at: now })
    .execute();
  await d
    .insertInto('discount_redemptions')
    .values({
      payment_id: payment.id,
      site_id: t.siteId,
      code: 'STAY-ABC',
      member_id: member.id,
      created_at: now,
    })
    .execute();
  await d
    .insertInto('mandate_consents')
    .values({
      member_id: member.id,
      payment_id: payment.id,
      mandate_method: 'directdebit',
      amount_cents: 500,
      currency: 'EUR',
      wording: 'I agree',
      given_at: now,
    })
    .execute();
  await d
    .insertInto('direct_debit_requests')
    .values({
      member_id: member.id,
      bundle_id: 'popular',
      order_key: `dd${member.id}`,
      account_holder: 'Anna de Vries',
      iban: 'NL91ABNA0417164300',
      street: 'Kerkstraat',
      house_number: '12',
      zip: '1017 GC',
      city: 'Amsterdam',
      phone: '+31612345678',
      code_hash: 'x',
      expires_at: now,
      payment_id: payment.id,
      created_at: now,
    })
    .execute();
  await d
    .insertInto('discount_codes')
    .values({
      site_id: t.siteId,
      code: `STAY-${member.id}`,
      member_id: member.id,
      value_percentage: 50,
      validity: 'once',
      created_at: now,
    })
    .execute();
  const customerId = await deps.provider!.recurring!.createCustomer({
    memberId: member.id,
    idempotencyKey: `customer:${member.id}`,
  });
  await d
    .insertInto('payment_customers')
    .values({ member_id: member.id, provider: 'mollie', customer_id: customerId, created_at: now })
    .execute();
  // Likes and a block either way.
  await d
    .insertInto('likes')
    .values({ liker_id: member.id, liked_id: partner.id, source: 'member', created_at: now })
    .execute();
  await d
    .insertInto('likes')
    .values({ liker_id: partner.id, liked_id: member.id, source: 'member', created_at: now })
    .execute();
  await d
    .insertInto('blocks')
    .values({ blocker_id: partner.id, blocked_id: member.id, created_at: now })
    .execute();
  // A conversation: the partner wrote first, the member answered with text and a photo.
  const conversation = await d
    .insertInto('conversations')
    .values({
      site_id: t.siteId,
      member_low_id: Math.min(member.id, partner.id),
      member_high_id: Math.max(member.id, partner.id),
      started_by: partner.id,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const message = (sender: number, recipient: number, key: string, photo?: string) =>
    d
      .insertInto('messages')
      .values({
        conversation_id: conversation.id,
        sender_id: sender,
        recipient_id: recipient,
        kind: photo ? 'photo' : 'text',
        text: photo ? null : key,
        photo_storage_key: photo ?? null,
        client_key: key,
        credits_spent: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const partnersMessage = await message(partner.id, member.id, 'hello there');
  await message(member.id, partner.id, 'hi yourself');
  const last = await message(member.id, partner.id, 'photo', 'chatkey');
  for (const [own, other] of [
    [member.id, partner.id],
    [partner.id, member.id],
  ] as const)
    await d
      .insertInto('conversation_members')
      .values({
        conversation_id: conversation.id,
        member_id: own,
        partner_id: other,
        last_message_id: last.id,
        last_message_at: now,
        num_unread_messages: own === partner.id ? 2 : 0,
      })
      .execute();
  await d
    .insertInto('reports')
    .values({
      site_id: t.siteId,
      reporter_id: partner.id,
      reported_id: member.id,
      reason: 'spam',
      excerpt_json: '[]',
      created_at: now,
    })
    .execute();
  return {
    member,
    partner,
    paymentId: payment.id,
    conversationId: conversation.id,
    partnersMessage,
    files,
    customerId,
  };
}

async function deleteAccount(member: { id: number; email: string }) {
  const client = await loggedInClient(t.app, member);
  const answer = await client.post('/api/account-deletion.php', { password: MEMBER_PASSWORD });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** How many rows of each table point at the member (by each foreign key to members). */
async function rowsPointingAt(memberId: number) {
  const counts: Record<string, number> = {};
  for (const { table, column } of await memberEdges(db())) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${memberId}`.execute(
      db(),
    );
    const n = Number(rows[0]!.n);
    if (n > 0) counts[`${table}.${column}`] = n;
  }
  return counts;
}

const fileExists = async (name: string) => (await deps.storage.get(name)) !== undefined;

describe('the erasure 14 days after a deletion (spec §9)', () => {
  it('is not due on day 13, when the account can still be restored', async () => {
    const { member } = await richMember(db());
    await deleteAccount(member);
    expect(await eraseDueAccounts(deps, new Date(Date.now() + 13 * DAY))).toEqual([]);
    expect((await findMemberById(db(), member.id))?.status).toBe('deleted');
    const restore = await new TestClient(t.app).post('/api/account-restore.php', {
      email: member.email,
      password: MEMBER_PASSWORD,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await findMemberById(db(), member.id)).toMatchObject({
      status: 'active',
      about: 'I like long walks',
    });
  });

  it('on day 15 leaves no row of the member but the pseudonymised bookkeeping and the partner’s conversation', async () => {
    const world = await richMember(db());
    const { member, partner } = world;
    await deleteAccount(member);
    const day15 = new Date(Date.now() + 15 * DAY);
    expect(await eraseDueAccounts(deps, day15)).toEqual([member.id]);

    // Exactly these rows still point at the member; everything else of theirs is gone.
    expect(await rowsPointingAt(member.id)).toEqual({
      'payments.member_id': 1,
      'credit_transactions.member_id': 1,
      'credit_debts.member_id': 1,
      'direct_debit_requests.member_id': 1,
      'mandate_consents.member_id': 1,
      [`conversations.member_${member.id < partner.id ? 'low' : 'high'}_id`]: 1,
      'conversation_members.partner_id': 1,
      'messages.recipient_id': 1,
      'reports.reported_id': 1,
    });
    expect(
      await db()
        .selectFrom('discount_redemptions')
        .select('payment_id')
        .where('payment_id', '=', world.paymentId)
        .execute(),
    ).toHaveLength(1);
    // The member row is only the pseudonym the bookkeeping points at.
    expect(await findMemberById(db(), member.id)).toMatchObject({
      status: 'erased',
      name: '',
      about: '',
      password_hash: null,
      email: `erased-${member.id}@erased.invalid`,
      date_of_birth: '1900-01-01',
    });
    // The direct-debit request keeps its order but not the IBAN, address or phone.
    expect(
      await db()
        .selectFrom('direct_debit_requests')
        .select([
          'account_holder',
          'iban',
          'street',
          'house_number',
          'zip',
          'city',
          'phone',
          'payment_id',
        ])
        .where('member_id', '=', member.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      account_holder: '',
      iban: '',
      street: '',
      house_number: '',
      zip: '',
      city: '',
      phone: '',
      payment_id: world.paymentId,
    });
    // The partner keeps the conversation, their own message and their view of it (nothing unread).
    expect(
      await db()
        .selectFrom('messages')
        .select('id')
        .where('conversation_id', '=', world.conversationId)
        .execute(),
    ).toEqual([{ id: world.partnersMessage.id }]);
    expect(
      await db()
        .selectFrom('conversation_members')
        .select(['member_id', 'last_message_id', 'num_unread_messages'])
        .where('conversation_id', '=', world.conversationId)
        .execute(),
    ).toEqual([
      { member_id: partner.id, last_message_id: world.partnersMessage.id, num_unread_messages: 0 },
    ]);
    // Every photo size, the blurred variants and the chat photo's files are gone.
    for (const name of [
      ...world.files,
      privatePhotoFileName('chatkey', 'thumb'),
      privatePhotoFileName('chatkey', 'full'),
    ])
      expect(await fileExists(name), name).toBe(false);
    // Mollie's customer is deleted at Mollie.
    expect(fake.requests).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/v2/customers/${world.customerId}` }),
    );

    // Idempotent: a second run erases nothing more.
    expect(await eraseDueAccounts(deps, day15)).toEqual([]);
    // The address can sign up again.
    const signup = await new TestClient(t.app).post('/api/signup.php', {
      email: member.email,
      name: 'Anna',
      password: 'another good passphrase',
      date_of_birth: '1990-01-01',
    });
    expect(signup.statusCode, signup.body).toBe(200);
  });

  it('finishes a run that crashed after the provider deleted the customer', async () => {
    const { member, customerId } = await richMember(db());
    await deleteAccount(member);
    // The crashed run got as far as Mollie; the next one finds the customer gone (404).
    await deps.provider!.recurring!.deleteCustomer(customerId);
    expect(await eraseDueAccounts(deps, new Date(Date.now() + 15 * DAY))).toEqual([member.id]);
    expect((await findMemberById(db(), member.id))?.status).toBe('erased');
  });
});
