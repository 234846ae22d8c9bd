import type { Kysely } from 'kysely';
import { notNull } from './column-types';

// Issue 29 item 10: installations sharing one Mollie account must not take each other's
// payments. Each installation has an identity, generated once on its first start (unless
// INSTALLATION_ID configures it) and kept here: one row, for every instance of it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('installation_identity')
    /** Always 1: the table holds one row. */
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('installation_id', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('installation_identity').execute();
}
