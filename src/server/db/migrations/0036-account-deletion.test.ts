import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type DatabaseHandle,
  dropPostgresSchema,
  ensurePostgresSchema,
  openDatabase,
} from '@server/db/database';
import { migrateTo } from '@server/db/migrate';
import type { Db } from '@server/db/database';
import { seedDemoSite } from '@server/seed/demo-site';
import { createMember, createPhoto } from '@server/test/factories';

// Issue 31 item 7: the foreign keys that would erase bookkeeping and the partner's side stop
// cascading, on a database that already holds such rows (SQLite rebuilds each table).
const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = `test_${randomBytes(6).toString('hex')}`;
let database: DatabaseHandle | undefined;

afterEach(async () => {
  await database?.db.destroy();
  if (databaseUrl) await dropPostgresSchema(databaseUrl, schema);
});

const now = new Date().toISOString();

/** One member with a row in every table whose edge changes, and a partner. */
async function populate(db: Db, siteId: number) {
  const member = await createMember(db, siteId);
  const partner = await createMember(db, siteId);
  await createPhoto(db, member.id);
  const payment = await db
    .insertInto('payments')
    .values({
      site_id: siteId,
      member_id: member.id,
      bundle_id: 'b1',
      credits: 10,
      currency: 'EUR',
      list_price_cents: 1000,
      discount_cents: 0,
      amount_cents: 1000,
      vat_percent: 21,
      method: 'ideal',
      provider: 'demo',
      status: 'paid',
      order_key: 'k1',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('credit_transactions')
    .values({
      member_id: member.id,
      amount: 10,
      balance_after: 10,
      reason: 'purchase',
      idempotency_key: 'p1',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('discount_redemptions')
    .values({
      payment_id: payment.id,
      site_id: siteId,
      code: 'X',
      member_id: member.id,
      created_at: now,
    })
    .execute();
  const conversation = await db
    .insertInto('conversations')
    .values({
      site_id: siteId,
      member_low_id: Math.min(member.id, partner.id),
      member_high_id: Math.max(member.id, partner.id),
      started_by: partner.id,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('messages')
    .values({
      conversation_id: conversation.id,
      sender_id: partner.id,
      recipient_id: member.id,
      kind: 'text',
      text: 'hello',
      client_key: 'c1',
      credits_spent: 0,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('conversation_members')
    .values({
      conversation_id: conversation.id,
      member_id: partner.id,
      partner_id: member.id,
      last_message_at: now,
    })
    .execute();
  await db
    .insertInto('reports')
    .values({
      site_id: siteId,
      reporter_id: partner.id,
      reported_id: member.id,
      reason: 'spam',
      excerpt_json: '[]',
      created_at: now,
    })
    .execute();
  return { member, partner, paymentId: payment.id };
}

const count = async (db: Db, table: string) =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!
      .n,
  );

describe('migration 0036 (issue 31 item 7)', () => {
  it('keeps every row and makes deleting a member with payments or conversations fail', async () => {
    if (databaseUrl) await ensurePostgresSchema(databaseUrl, schema);
    database = openDatabase({ databaseUrl, schema, sqlitePath: ':memory:' });
    const { db } = database;
    const pgSchema = databaseUrl ? schema : undefined;
    await migrateTo(db, '0031-operator-inbox', pgSchema);
    const { siteId } = await seedDemoSite(db);
    const { member, partner, paymentId } = await populate(db, siteId);
    const tables = [
      'payments',
      'credit_transactions',
      'discount_redemptions',
      'conversations',
      'messages',
      'conversation_members',
      'reports',
      'photos',
    ];
    const before = await Promise.all(tables.map((table) => count(db, table)));

    await migrateTo(db, '0036-account-deletion', pgSchema);

    expect(await Promise.all(tables.map((table) => count(db, table)))).toEqual(before);
    expect(
      await db.selectFrom('payments').select('id').where('member_id', '=', member.id).execute(),
    ).toEqual([{ id: paymentId }]);
    const stored = await db
      .selectFrom('members')
      .select(['deleted_at', 'status_before_deletion'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ deleted_at: null, status_before_deletion: null });

    // A member who paid or has a conversation can no longer be deleted by accident...
    await expect(db.deleteFrom('members').where('id', '=', member.id).execute()).rejects.toThrow();
    await expect(db.deleteFrom('payments').where('id', '=', paymentId).execute()).rejects.toThrow();
    expect(await count(db, 'payments')).toBe(1);
    expect(await count(db, 'messages')).toBe(1);
    // ...while the member's own rows still go with a member who has none of those.
    const loner = await createMember(db, siteId);
    await createPhoto(db, loner.id);
    await db.deleteFrom('members').where('id', '=', loner.id).execute();
    expect(await count(db, 'photos')).toBe(before[tables.indexOf('photos')]);
    // New rows still get fresh ids and the unique indexes still hold.
    await expect(
      db
        .insertInto('conversations')
        .values({
          site_id: siteId,
          member_low_id: Math.min(member.id, partner.id),
          member_high_id: Math.max(member.id, partner.id),
          started_by: member.id,
          created_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
