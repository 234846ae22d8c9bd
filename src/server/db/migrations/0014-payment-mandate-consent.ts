import type { Kysely } from 'kysely';
import { notNull, withIdColumn } from './column-types';

// Issue 23 item 14: a mandate for repeat orders only with the member's consent, given at
// checkout (an unticked option) and revocable from the purchases page (docs/payments.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('mandate_consents'))
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    /** The checkout where the member ticked the option: its first payment leaves the mandate. */
    .addColumn('payment_id', 'integer', (column) =>
      column.notNull().unique().references('payments.id').onDelete('cascade'),
    )
    /** creditcard, directdebit (SEPA, left by the bank methods) or paypal. */
    .addColumn('mandate_method', 'text', notNull)
    /** What the member was shown next to the option: the bundle's price then, and the rule. */
    .addColumn('amount_cents', 'integer', notNull)
    .addColumn('currency', 'text', notNull)
    .addColumn('wording', 'text', notNull)
    .addColumn('given_at', 'text', notNull)
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('mandate_consents_member')
    .on('mandate_consents')
    .columns(['member_id', 'revoked_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mandate_consents').execute();
}
