import { DATA_EXPORT_LIFETIME_HOURS } from '@contract/data-export';
import { DEFAULT_LOCALE, isLocale } from '@contract/locales';
import { pathFor } from '@contract/routes';
import { findMemberById } from '@server/db/members-table';
import { hashToken, newToken } from '@server/features/auth';
import { findSiteById } from '@server/features/sites';
import { serverT } from '@server/i18n/server-texts';
import { layoutActionMail } from '@server/mail/mail-template';
import type { Services } from '@server/services';
import { buildExportArchive } from './export-archive';
import {
  closeExport,
  exportFilesInUse,
  findExport,
  findExportsToClose,
  markExportReady,
  setExportToken,
} from './data-exports-table';

// The export's three jobs (issue 31 item 8, docs/data-export.md). Each runs at least once
// and is idempotent by the export's id: its work is conditional on the export's state.

export interface DataExportJob {
  exportId: number;
}

declare module '@server/jobs' {
  interface JobPayloads {
    'data-export.build': DataExportJob;
    'data-export.mail': DataExportJob;
    'data-export.purge': Record<string, never>;
  }
}

type JobServices = Pick<Services, 'db' | 'storage' | 'exports' | 'jobs' | 'mailer' | 'config'>;

/** One file per export: a retry writes the same name again, so no run leaves an orphan. */
export const exportFileName = (exportId: number) => `export-${exportId}.zip`;

/**
 * Builds the ZIP and stores it whole (ExportStorage.put writes aside and renames), then marks
 * the export ready and enqueues its mail in one transaction. A crash before the commit leaves
 * the export preparing and the job runs again; nothing half-written is ever pointed to.
 */
export async function buildExport(services: JobServices, { exportId }: DataExportJob) {
  const { db } = services;
  const row = await findExport(db, exportId);
  if (!row || row.status !== 'preparing') return;
  const member = await findMemberById(db, row.member_id);
  if (!member) return;
  const now = new Date();
  const zip = await buildExportArchive(db, services.storage, member, now);
  const fileName = exportFileName(exportId);
  await services.exports.put(fileName, zip);
  const expiresAt = new Date(now.getTime() + DATA_EXPORT_LIFETIME_HOURS * 3_600_000);
  await db.transaction().execute(async (trx) => {
    if (await markExportReady(trx, exportId, { fileName, sizeBytes: zip.length }, now, expiresAt))
      await services.jobs.enqueue(trx, 'data-export.mail', { exportId });
  });
  services.jobs.wake();
}

/**
 * Mails the link. The token is made here and only its hash kept: a retried send makes a new
 * link, and the earlier one stops working (at most one link per export works).
 */
export async function mailExport(services: JobServices, { exportId }: DataExportJob) {
  const { db } = services;
  const row = await findExport(db, exportId);
  if (!row || row.status !== 'ready' || !row.expires_at) return;
  const member = await findMemberById(db, row.member_id);
  const site = member && (await findSiteById(db, member.site_id));
  if (!member || !site) return;
  const token = newToken();
  await setExportToken(db, exportId, hashToken(token));
  const locale = isLocale(member.language) ? member.language : DEFAULT_LOCALE;
  const t = serverT(locale, 'data-export');
  // The token rides in the query, which the access log redacts (http/request-log.ts); the
  // page then posts it, so no request for the file carries it in its URL.
  const link = `${row.origin}${pathFor('export-id', { id: exportId })}?token=${encodeURIComponent(token)}`;
  const vars = { siteName: site.settings.name, hours: DATA_EXPORT_LIFETIME_HOURS };
  const mail = layoutActionMail(
    locale,
    { siteName: site.settings.name, mailName: site.settings.mail_name },
    member.name,
    link,
    {
      subject: t('mail.subject', vars),
      intro: t('mail.intro', vars),
      button: t('mail.button', vars),
      outro: t('mail.outro', vars),
    },
  );
  await services.mailer.send({
    siteId: site.id,
    from: {
      name: site.settings.mail_name,
      address: services.config.MAIL_FROM_ADDRESS ?? `no-reply@${site.domain}`,
    },
    to: member.email,
    ...mail,
  });
}

/** A preparation still running after this long has failed for good (the job gave up). */
const GIVE_UP_HOURS = 24;
/** Files no row points to (a deleted member's, a crashed write's) go after this long. */
const ORPHAN_MINUTES = 60;

/** Deletes expired and downloaded exports' files, and files no export points to. */
export async function purgeExports(services: Pick<Services, 'db' | 'exports'>, now = new Date()) {
  const { db, exports } = services;
  const givenUpBefore = new Date(now.getTime() - GIVE_UP_HOURS * 3_600_000);
  for (const row of await findExportsToClose(db, now, givenUpBefore)) {
    if (row.file_name) await exports.remove(row.file_name);
    await closeExport(db, row);
  }
  const inUse = await exportFilesInUse(db);
  for (const file of await exports.list()) {
    if (inUse.has(file.fileName)) continue;
    if (now.getTime() - file.modifiedAt.getTime() > ORPHAN_MINUTES * 60_000)
      await exports.remove(file.fileName);
  }
}
