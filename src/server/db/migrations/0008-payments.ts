import type { Kysely } from 'kysely';
import { notNull, withIdColumn } from './column-types';

// issue 10: payments, discount codes and their redemptions, direct-debit mandates with
// their SMS codes, the SMS outbox of development, and the per-member direct-debit block.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One order of one bundle. Prices are the server's (issue 10 "tampered prices"); the
  // provider's id is unique, so a webhook maps to exactly one order.
  await withIdColumn(db, db.schema.createTable('payments'))
    .addColumn('site_id', 'integer', (column) => column.notNull().references('sites.id'))
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('bundle_id', 'text', notNull)
    .addColumn('credits', 'integer', notNull)
    .addColumn('currency', 'text', notNull)
    .addColumn('list_price_cents', 'integer', notNull)
    .addColumn('discount_cents', 'integer', notNull)
    .addColumn('amount_cents', 'integer', notNull)
    .addColumn('vat_percent', 'real', notNull)
    .addColumn('discount_code', 'text')
    .addColumn('method', 'text', notNull)
    .addColumn('issuer', 'text')
    /** demo, mollie or directdebit. */
    .addColumn('provider', 'text', notNull)
    .addColumn('provider_payment_id', 'text')
    .addColumn('checkout_url', 'text')
    /** open, pending, paid, failed, canceled, expired, refunded. */
    .addColumn('status', 'text', notNull)
    /** The key the checkout page picked: a retried or doubled checkout is one order. */
    .addColumn('order_key', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    /** Set in the transaction that granted the credits: never twice. */
    .addColumn('fulfilled_at', 'text')
    .addColumn('refunded_at', 'text')
    .execute();
  await db.schema
    .createIndex('payments_provider_id')
    .on('payments')
    .columns(['provider', 'provider_payment_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('payments_member_order_key')
    .on('payments')
    .columns(['member_id', 'order_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('payments_member_list')
    .on('payments')
    .columns(['member_id', 'id'])
    .execute();

  // spec §3 "Discount code": every field. user_id (member_id) limits it to one member.
  await withIdColumn(db, db.schema.createTable('discount_codes'))
    .addColumn('site_id', 'integer', (column) => column.notNull().references('sites.id'))
    .addColumn('code', 'text', notNull)
    .addColumn('country', 'text')
    .addColumn('member_id', 'integer', (column) =>
      column.references('members.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'text')
    .addColumn('value_percentage', 'integer', notNull)
    .addColumn('currency', 'text')
    .addColumn('minimum_order_cents', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('active'))
    /** once (one use in all), once_per_user, many. */
    .addColumn('validity', 'text', notNull)
    /** JSON list of payment methods; empty for all. */
    .addColumn('payment_methods_json', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('discount_codes_site_code')
    .on('discount_codes')
    .columns(['site_id', 'code'])
    .unique()
    .execute();

  // A code used by a paid order, written in the fulfilment transaction; one per order.
  await db.schema
    .createTable('discount_redemptions')
    .addColumn('payment_id', 'integer', (column) =>
      column.primaryKey().references('payments.id').onDelete('cascade'),
    )
    .addColumn('site_id', 'integer', notNull)
    .addColumn('code', 'text', notNull)
    .addColumn('member_id', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('discount_redemptions_code_member')
    .on('discount_redemptions')
    .columns(['site_id', 'code', 'member_id'])
    .execute();

  // spec §3 "Direct debit form", confirmed by a one-time SMS code (spec §5).
  await withIdColumn(db, db.schema.createTable('direct_debit_requests'))
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('bundle_id', 'text', notNull)
    .addColumn('discount_code', 'text')
    .addColumn('order_key', 'text', notNull)
    .addColumn('account_holder', 'text', notNull)
    .addColumn('iban', 'text', notNull)
    .addColumn('street', 'text', notNull)
    .addColumn('house_number', 'text', notNull)
    .addColumn('zip', 'text', notNull)
    .addColumn('city', 'text', notNull)
    .addColumn('phone', 'text', notNull)
    .addColumn('code_hash', 'text', notNull)
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', notNull)
    .addColumn('payment_id', 'integer')
    .addColumn('created_at', 'text', notNull)
    .execute();

  // Texts sent while no SMS gateway is configured (development and tests), like outbox_mails.
  await withIdColumn(db, db.schema.createTable('outbox_sms'))
    .addColumn('site_id', 'integer', notNull)
    .addColumn('phone', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  // spec §8 "Je account is geblokkeerd voor automatische incasso.": set by an operator.
  await db.schema
    .alterTable('members')
    .addColumn('direct_debit_blocked', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('direct_debit_blocked').execute();
  await db.schema.dropTable('outbox_sms').execute();
  await db.schema.dropTable('direct_debit_requests').execute();
  await db.schema.dropTable('discount_redemptions').execute();
  await db.schema.dropTable('discount_codes').execute();
  await db.schema.dropTable('payments').execute();
}
