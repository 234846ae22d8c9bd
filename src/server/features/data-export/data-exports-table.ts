import type { Db } from '@server/db/database';
import type { DataExportRow } from '@server/db/tables/data-export-tables';

// The owner of `data_exports` (issue 31 item 8): only this module writes the table, with
// operations named by what they mean. Every change is conditional on the state it leaves,
// so a job run twice (at least once: docs/decisions.md "Background jobs") changes nothing
// the second time.

/** Records a new export being prepared; undefined when one already is (the partial index). */
export async function insertPreparingExport(
  trx: Db,
  memberId: number,
  origin: string,
  now: Date,
): Promise<DataExportRow | undefined> {
  const running = await findPreparingExport(trx, memberId);
  if (running) return undefined;
  return trx
    .insertInto('data_exports')
    .values({ member_id: memberId, status: 'preparing', origin, requested_at: now.toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findPreparingExport(db: Db, memberId: number) {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'preparing')
    .executeTakeFirst();
}

export function findExport(db: Db, exportId: number) {
  return db.selectFrom('data_exports').selectAll().where('id', '=', exportId).executeTakeFirst();
}

export function findLatestExport(db: Db, memberId: number) {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The file is in storage: the export is ready until `expiresAt`. False if it was not preparing. */
export async function markExportReady(
  trx: Db,
  exportId: number,
  file: { fileName: string; sizeBytes: number },
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('data_exports')
    .set({
      status: 'ready',
      file_name: file.fileName,
      size_bytes: file.sizeBytes,
      ready_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .where('id', '=', exportId)
    .where('status', '=', 'preparing')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The hash of the token a mail is about to carry; an earlier mail's link stops working. */
export async function setExportToken(db: Db, exportId: number, tokenHash: string) {
  await db
    .updateTable('data_exports')
    .set({ token_hash: tokenHash })
    .where('id', '=', exportId)
    .where('status', '=', 'ready')
    .execute();
}

/**
 * Uses the link once: true for exactly one caller with the right token while the export is
 * ready and not expired (a concurrent second download finds it downloaded).
 */
export async function consumeExportDownload(
  db: Db,
  exportId: number,
  memberId: number,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({ status: 'downloaded', downloaded_at: now.toISOString() })
    .where('id', '=', exportId)
    .where('member_id', '=', memberId)
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'ready')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ready exports past their time, downloaded ones, and preparations given up on. */
export function findExportsToClose(db: Db, now: Date, givenUpBefore: Date) {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'ready'), eb('expires_at', '<=', now.toISOString())]),
        eb.and([eb('status', '=', 'downloaded'), eb('file_name', 'is not', null)]),
        eb.and([
          eb('status', '=', 'preparing'),
          eb('requested_at', '<', givenUpBefore.toISOString()),
        ]),
      ]),
    )
    .execute();
}

/** The file is gone: the export ends as expired (or failed, if it never got ready). */
export async function closeExport(db: Db, row: DataExportRow): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({
      status:
        row.status === 'preparing' ? 'failed' : row.status === 'ready' ? 'expired' : row.status,
      file_name: null,
      token_hash: null,
    })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .execute();
}

/** The names of the files rows still point to, so the sweep keeps them. */
export async function exportFilesInUse(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('data_exports')
    .select('file_name')
    .where('file_name', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.file_name!));
}
