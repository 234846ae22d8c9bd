import { type Kysely, sql } from 'kysely';

// Issue 31 item 7 (spec §1 "account deletion … undone within 14 days"): a deleted member's
// bookkeeping and the other side of their conversations must outlive the member. Until now
// these foreign keys cascaded from `members` (0002, 0007, 0008, 0009, 0013, 0014), so one
// DELETE would have erased payments, the ledger and the partner's history. They become
// RESTRICT: the erasure job pseudonymises the member's row instead of deleting it
// (docs/account-lifecycle.md), and a stray DELETE of a member with payments fails loudly.
//
// Kept cascading, on purpose: the member's own rows that the erasure deletes anyway
// (sessions, trusted devices, login failures, e-mail tokens, photos, interests, blocks,
// likes, swipe passes and days, match-finder answers, the realtime event log, operator notes).

/** [table, column, referenced table] of every edge that stops cascading. */
export const KEPT_EDGES: readonly (readonly [string, string, string])[] = [
  ['payments', 'member_id', 'members'],
  ['credit_transactions', 'member_id', 'members'],
  ['credit_debts', 'member_id', 'members'],
  ['payment_customers', 'member_id', 'members'],
  ['direct_debit_requests', 'member_id', 'members'],
  ['mandate_consents', 'member_id', 'members'],
  ['mandate_consents', 'payment_id', 'payments'],
  ['discount_codes', 'member_id', 'members'],
  ['discount_redemptions', 'payment_id', 'payments'],
  ['conversations', 'member_low_id', 'members'],
  ['conversations', 'member_high_id', 'members'],
  ['conversation_members', 'member_id', 'members'],
  ['conversation_members', 'partner_id', 'members'],
  ['messages', 'sender_id', 'members'],
  ['messages', 'recipient_id', 'members'],
  ['reports', 'reporter_id', 'members'],
  ['reports', 'reported_id', 'members'],
];

const isPostgres = (db: Kysely<unknown>) =>
  db.getExecutor().adapter.constructor.name.startsWith('Postgres');

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await restrictOnPostgres(db);
  else await restrictOnSqlite(db);
  await db.schema.alterTable('members').addColumn('deleted_at', 'text').execute();
  /** The status to go back to when the member undoes the deletion within 14 days. */
  await db.schema.alterTable('members').addColumn('status_before_deletion', 'text').execute();
  // The erasure job looks for deletions older than 14 days.
  await db.schema
    .createIndex('members_deleted_at')
    .on('members')
    .columns(['status', 'deleted_at'])
    .execute();
}

/** PostgreSQL changes a foreign key in place: drop the constraint, add it back restricting. */
async function restrictOnPostgres(db: Kysely<unknown>) {
  for (const [table, column, target] of KEPT_EDGES) {
    const { rows } = await sql<{ conname: string }>`
      select c.conname from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.conrelid = to_regclass(${table}) and a.attname = ${column}
    `.execute(db);
    for (const { conname } of rows)
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(conname)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_${column}_fkey`)}
      foreign key (${sql.ref(column)}) references ${sql.table(target)} (id) on delete restrict`.execute(
      db,
    );
  }
}

/**
 * SQLite cannot alter a foreign key: each table is rebuilt by SQLite's own recipe
 * (sqlite.org/lang_altertable.html §7): with foreign keys off and in one transaction, create
 * the new table from the stored CREATE statement with the edge changed, copy every row,
 * drop the old one, rename, recreate its indexes, and check every foreign key before commit.
 * Kysely runs SQLite migrations outside a transaction, so the pragma can be switched here.
 */
async function restrictOnSqlite(db: Kysely<unknown>) {
  const tables = [...new Set(KEPT_EDGES.map(([table]) => table))];
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      for (const table of tables) await rebuildSqliteTable(db, table);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
      if (broken.length > 0) throw new Error(`foreign key check failed: ${JSON.stringify(broken)}`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function rebuildSqliteTable(db: Kysely<unknown>, table: string) {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table}
  `.execute(db);
  const create = rows.find((row) => row.type === 'table')?.sql;
  if (!create) throw new Error(`table ${table} not found`);
  let changed = create;
  for (const [edgeTable, column] of KEPT_EDGES) {
    if (edgeTable !== table) continue;
    // Kysely writes `"column" … references "target" ("id") on delete cascade`.
    const edge = new RegExp(`("${column}"[^,]*?references "\\w+" \\("id"\\)) on delete cascade`);
    if (!edge.test(changed)) throw new Error(`${table}.${column} does not cascade as expected`);
    changed = changed.replace(edge, '$1 on delete restrict');
  }
  const rebuilt = `${table}_0036`;
  const columns = (
    await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)
  ).rows
    .map((row) => `"${row.name}"`)
    .join(', ');
  await sql.raw(changed.replace(/^CREATE TABLE "?\w+"?/i, `CREATE TABLE "${rebuilt}"`)).execute(db);
  await sql
    .raw(`insert into "${rebuilt}" (${columns}) select ${columns} from "${table}"`)
    .execute(db);
  // An id is never handed out twice: the rebuilt table continues the old one's sequence.
  const { rows: sequence } = await sql<{ seq: number }>`
    select seq from sqlite_sequence where name = ${table}
  `.execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${rebuilt}" rename to "${table}"`).execute(db);
  if (sequence[0])
    await sql`update sqlite_sequence set seq = ${sequence[0].seq} where name = ${table}`.execute(
      db,
    );
  // Indexes made by CREATE INDEX (automatic ones, sql null, come back with the table).
  for (const index of rows)
    if (index.type === 'index' && index.sql) await sql.raw(index.sql).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_deleted_at').execute();
  await db.schema.alterTable('members').dropColumn('status_before_deletion').execute();
  await db.schema.alterTable('members').dropColumn('deleted_at').execute();
}
