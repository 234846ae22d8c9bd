import { sql } from 'kysely';
import type { Db } from './database';
import { isPostgres } from './dialect-of';

// Issue 31 item 7. Since migration 0036 a foreign key to `members` that cascades declares
// "this row is the member's own and goes with them" (sessions, photos, likes either way,
// blocks either way, the event log, …); what must outlive the member (payments, the ledger,
// the partner's conversation) restricts instead. The erasure reads that declaration from
// the schema, so a table added later with a cascading member column is erased too, without
// a list here to forget.

export interface MemberEdge {
  table: string;
  column: string;
  cascades: boolean;
}

/** Every (table, column) with a foreign key to members.id, and whether it cascades. */
export async function memberEdges(db: Db): Promise<MemberEdge[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<MemberEdge>`
      select c.conrelid::regclass::text as "table", a.attname as "column",
        c.confdeltype = 'c' as "cascades"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = to_regclass('members')
      order by 1, 2
    `.execute(db);
    return rows.map((row) => ({
      cascades: row.cascades,
      table: row.table.replace(/^.*\./, '').replace(/"/g, ''),
      column: row.column,
    }));
  }
  const { rows } = await sql<MemberEdge>`
    select m.name as "table", f."from" as "column", upper(f.on_delete) = 'CASCADE' as "cascades"
    from sqlite_master m join pragma_foreign_key_list(m.name) f
    where m.type = 'table' and f."table" = 'members'
    order by 1, 2
  `.execute(db);
  return rows.map((row) => ({ ...row, cascades: Boolean(row.cascades) }));
}

/** Deletes the member's own rows of every cascading table (in the erasure's transaction). */
export async function deleteMemberOwnedRows(trx: Db, memberId: number): Promise<void> {
  for (const { table, column, cascades } of await memberEdges(trx))
    if (cascades)
      await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${memberId}`.execute(
        trx,
      );
}
