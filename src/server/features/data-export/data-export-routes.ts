import type { FastifyInstance } from 'fastify';
import { dataExportApi } from '@contract/endpoints/data-export';
import type { DataExport } from '@contract/data-export';
import type { DataExportRow } from '@server/db/tables/data-export-tables';
import { AppError } from '@server/errors/app-error';
import { hashToken, siteOriginOf, verifyPassword } from '@server/features/auth';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import {
  consumeExportDownload,
  findExport,
  findLatestExport,
  insertPreparingExport,
} from './data-exports-table';

const isUniqueViolation = (error: unknown) =>
  ['23505', 'SQLITE_CONSTRAINT_UNIQUE'].includes(String((error as { code?: unknown }).code));

const present = (row: DataExportRow | undefined): DataExport | null =>
  row
    ? { id: row.id, status: row.status, requested_at: row.requested_at, expires_at: row.expires_at }
    : null;

/** Asking for an export, its state, and the download the mailed link leads to (issue 31 item 8). */
export function dataExportRoutes(app: FastifyInstance, services: Services) {
  const { db, rateLimiter } = services;

  registerEndpoint(app, dataExportApi.requestExport, async ({ request, reply, member, body }) => {
    reply.header('cache-control', 'no-store');
    // The password check is what guards the export: it is not guessed at speed either.
    if (!(await rateLimiter.hit(`data-export:${member.id}`, 10, 60 * 60)))
      throw new AppError('too_many_requests', 'rate_limited');
    if (!member.password_hash || !(await verifyPassword(member.password_hash, body.password)))
      throw new AppError('password_wrong', 'forbidden');
    let row: DataExportRow | undefined;
    try {
      row = await db.transaction().execute(async (trx) => {
        const inserted = await insertPreparingExport(
          trx,
          member.id,
          siteOriginOf(request),
          new Date(),
        );
        // The job exists exactly when the export does (issue 31 item 1).
        if (inserted)
          await services.jobs.enqueue(trx, 'data-export.build', { exportId: inserted.id });
        return inserted;
      });
    } catch (error) {
      // Two asks at once: the unique index on a member's preparing export refused the second
      // (PostgreSQL; SQLite's writer transactions already run one after the other).
      if (!isUniqueViolation(error)) throw error;
    }
    if (!row) throw new AppError('export_in_progress', 'conflict');
    services.jobs.wake();
    return { export: present(row) };
  });

  registerEndpoint(app, dataExportApi.latestExport, async ({ reply, member }) => {
    reply.header('cache-control', 'no-store');
    return { export: present(await findLatestExport(db, member.id)) };
  });

  registerEndpoint(app, dataExportApi.downloadExport, async ({ reply, member, body }) => {
    const row = await findExport(db, body.id);
    const tokenHash = hashToken(body.token);
    // Another member's export, a wrong or used token: all alike, nothing told.
    if (!row || row.member_id !== member.id || row.token_hash !== tokenHash || !row.file_name)
      throw new AppError('link_invalid', 'not_found');
    const now = new Date();
    if (row.status === 'expired' || (row.expires_at && row.expires_at <= now.toISOString()))
      throw new AppError('export_expired', 'not_found');
    const bytes = await services.exports.get(row.file_name);
    if (!bytes || !(await consumeExportDownload(db, row.id, member.id, tokenHash, now)))
      throw new AppError('link_invalid', 'not_found');
    // Single use: the file goes now (the hourly purge catches a crash right here).
    await services.exports.remove(row.file_name);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="data-export-${row.id}.zip"`)
      .send(bytes);
  });
}
