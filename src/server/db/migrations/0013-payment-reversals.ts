import type { Kysely } from 'kysely';
import { notNull } from './column-types';

// Issue 23 items 1 and 2 (docs/payments.md "Single-use discounts", "Chargebacks and
// dashboard refunds"): at most one paid order redeems a single-use discount, enforced by a
// unique key, and a provider's reversals (chargebacks, refunds made in its dashboard) take
// the credits back, leaving a debt where the balance no longer holds them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('discount_redemptions')
    /**
     * `<site>:<code>` for a site-wide once code, `<site>:<code>:<member>` for a per-member
     * one (once_per_user, WELCOME25, TIMEBONUS25), null for a `many` code: a second paid
     * order redeeming the same single use fails on the unique index.
     */
    .addColumn('single_use_key', 'text')
    .execute();
  await db.schema
    .createIndex('discount_redemptions_single_use')
    .on('discount_redemptions')
    .column('single_use_key')
    .unique()
    .execute();

  await db.schema
    .alterTable('payments')
    /** The cents of this payment the provider reports charged back or refunded outside our refund flow, already applied. */
    .addColumn('reversed_cents', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  // Credits a reversal could not take back because they were spent: the member owes them.
  await db.schema
    .createTable('credit_debts')
    .addColumn('member_id', 'integer', (column) =>
      column.primaryKey().references('members.id').onDelete('cascade'),
    )
    .addColumn('credits', 'integer', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_debts').execute();
  await db.schema.alterTable('payments').dropColumn('reversed_cents').execute();
  await db.schema.dropIndex('discount_redemptions_single_use').execute();
  await db.schema.alterTable('discount_redemptions').dropColumn('single_use_key').execute();
}
