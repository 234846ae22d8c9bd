import type { Kysely } from 'kysely';

// Issue 29 item 3: a confirmed direct-debit form becomes a SEPA mandate at the payment
// provider, and each purchase a recurring payment on it (docs/payments.md "Direct debit").
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  const columns = [
    /** When the member confirmed the mandate with the texted code: their consent. */
    'consented_at',
    /** The mandate text they agreed to (payments.json directdebit.mandate), by version. */
    'consent_wording',
    /** The member's customer and the mandate made at the provider from this form. */
    'customer_id',
    'mandate_id',
  ];
  for (const column of columns)
    await db.schema.alterTable('direct_debit_requests').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['consented_at', 'consent_wording', 'customer_id', 'mandate_id'])
    await db.schema.alterTable('direct_debit_requests').dropColumn(column).execute();
}
