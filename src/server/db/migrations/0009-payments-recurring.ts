import type { Kysely } from 'kysely';
import { notNull } from './column-types';

// Issue 10, second round (docs/payments.md): repeat orders on a provider's mandate, refunds
// finished outside the transaction that claims them, single-use discount claims, and the
// demo provider's payments kept in the database so a restart loses no open checkout.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A member's customer at a provider (Mollie's cst_…): holds the mandates of first payments.
  await db.schema
    .createTable('payment_customers')
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', notNull)
    .addColumn('customer_id', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('payment_customers_pk', ['member_id', 'provider'])
    .execute();

  await db.schema
    .alterTable('payments')
    /** oneoff, first (asks for a mandate) or recurring (charged on one, no checkout). */
    .addColumn('sequence_type', 'text', (column) => column.notNull().defaultTo('oneoff'))
    .execute();
  await db.schema
    .alterTable('payments')
    /** Set (with the credits taken back) before the provider is asked to refund. */
    .addColumn('refund_requested_at', 'text')
    .execute();
  await db.schema
    .alterTable('payments')
    /** A newer open order took this order's single-use discount claim. */
    .addColumn('discount_released_at', 'text')
    .execute();

  // The demo provider's own records (it stands for a provider's servers).
  await db.schema
    .createTable('demo_payments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('idempotency_key', 'text', (column) => column.notNull().unique())
    /** The NewProviderPayment it was created with, as JSON. */
    .addColumn('request_json', 'text', notNull)
    .addColumn('status', 'text', notNull)
    /** For pending-then-paid: when the "bank" confirms (ISO time). */
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createTable('demo_mandates')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('customer_id', 'text', notNull)
    .addColumn('method', 'text', notNull)
    .addColumn('label', 'text')
    .addColumn('status', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('demo_mandates_customer')
    .on('demo_mandates')
    .column('customer_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_mandates').execute();
  await db.schema.dropTable('demo_payments').execute();
  await db.schema.alterTable('payments').dropColumn('discount_released_at').execute();
  await db.schema.alterTable('payments').dropColumn('refund_requested_at').execute();
  await db.schema.alterTable('payments').dropColumn('sequence_type').execute();
  await db.schema.dropTable('payment_customers').execute();
}
