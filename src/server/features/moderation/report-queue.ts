import type { z } from 'zod';
import { REPORT_REASONS } from '@contract/chat';
import type { Report, reportResolutionRequestSchema } from '@contract/moderation';
import type { Db } from '@server/db/database';
import type { Staff } from '@server/db/staff-record';
import { recordAudit } from '@server/db/staff-audit-table';
import { AppError } from '@server/errors/app-error';
import { resolveOpenReports } from '@server/features/chat';
import { type BanNotice, banInTransaction } from './ban-service';

const QUEUE_PAGE = 50;
/** Messages shown before and after the reported one. */
const AROUND = 5;

interface ExcerptRow {
  id: number;
  sender_id: number;
  kind: string;
  text: string | null;
  created_at: string;
}

/** The conversation around the reported message, read live (5 before, 5 after). */
async function messagesAround(db: Db, messageId: number): Promise<ExcerptRow[] | undefined> {
  const message = await db
    .selectFrom('messages')
    .select('conversation_id')
    .where('id', '=', messageId)
    .executeTakeFirst();
  if (!message) return undefined;
  const columns = ['id', 'sender_id', 'kind', 'text', 'created_at'] as const;
  const inConversation = db
    .selectFrom('messages')
    .select(columns)
    .where('conversation_id', '=', message.conversation_id);
  const [before, after] = await Promise.all([
    inConversation
      .where('id', '<=', messageId)
      .orderBy('id', 'desc')
      .limit(AROUND + 1)
      .execute(),
    inConversation.where('id', '>', messageId).orderBy('id').limit(AROUND).execute(),
  ]);
  return [...before.reverse(), ...after];
}

/** The excerpt kept with the report (the conversation's last messages when it was filed). */
function storedExcerpt(json: string): ExcerptRow[] {
  try {
    const parsed = JSON.parse(json) as ExcerptRow[];
    return Array.isArray(parsed) ? parsed.slice(-AROUND * 2) : [];
  } catch {
    return [];
  }
}

/**
 * Issue 30 item 5: the site's open reports, oldest first, each with the conversation excerpt
 * around the reported message (or the last messages, for a report of a member).
 */
export async function openReports(db: Db, siteId: number): Promise<Report[]> {
  const rows = await db
    .selectFrom('reports')
    .innerJoin('members as reporter', 'reporter.id', 'reports.reporter_id')
    .innerJoin('members as reported', 'reported.id', 'reports.reported_id')
    .select([
      'reports.id',
      'reports.reason',
      'reports.note',
      'reports.created_at',
      'reports.message_id',
      'reports.excerpt_json',
      'reporter.id as reporter_id',
      'reporter.name as reporter_name',
      'reported.id as reported_id',
      'reported.name as reported_name',
      'reported.status as reported_status',
      'reported.is_fictional as reported_fictional',
    ])
    .where('reports.site_id', '=', siteId)
    .where('reports.status', '=', 'open')
    .orderBy('reports.id')
    .limit(QUEUE_PAGE)
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const excerpt =
        (row.message_id === null ? undefined : await messagesAround(db, row.message_id)) ??
        storedExcerpt(row.excerpt_json);
      return {
        id: row.id,
        reason: REPORT_REASONS.find((reason) => reason === row.reason) ?? 'other',
        note: row.note,
        created_at: row.created_at,
        reporter: { id: row.reporter_id, name: row.reporter_name },
        reported: {
          id: row.reported_id,
          name: row.reported_name,
          status: row.reported_status,
          is_fictional: row.reported_fictional === 1,
        },
        message_id: row.message_id,
        // Only the two members' own messages: the excerpt is their conversation.
        excerpt: excerpt
          .filter((message) => [row.reporter_id, row.reported_id].includes(message.sender_id))
          .map((message) => ({
            id: message.id,
            from:
              message.sender_id === row.reported_id ? ('reported' as const) : ('reporter' as const),
            kind: message.kind,
            text: message.text,
            created_at: message.created_at,
            reported: message.id === row.message_id,
          })),
      };
    }),
  );
}

type Resolution = z.infer<typeof reportResolutionRequestSchema>;

/**
 * Resolves an open report of the site: dismissed, or the reported member banned (then every
 * open report about them is resolved with it). The audit row and a ban commit together;
 * answers the banned member's id so the caller ends their sessions after the commit.
 */
export async function resolveReport(
  db: Db,
  staff: Staff,
  siteId: number,
  request: Resolution,
  notice: BanNotice,
): Promise<{ bannedMember?: number }> {
  return db.transaction().execute(async (trx) => {
    const report = await trx
      .selectFrom('reports')
      .select(['id', 'status', 'reported_id'])
      .where('id', '=', request.report)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    if (!report) throw new AppError('not_found', 'not_found');
    const banning = request.resolution === 'banned';
    const resolved = await resolveOpenReports(
      trx,
      {
        siteId,
        reportId: report.id,
        ...(banning ? { allOfMember: report.reported_id } : {}),
      },
      { resolution: request.resolution, staffId: staff.id },
    );
    if (!resolved.includes(report.id)) throw new AppError('report_already_resolved', 'conflict');
    await recordAudit(trx, {
      staffId: staff.id,
      action: banning ? 'report.banned' : 'report.dismissed',
      siteId,
      subject: `report:${report.id}`,
      before: { status: 'open' },
      after: {
        status: 'resolved',
        resolution: request.resolution,
        reports: resolved,
        ...(request.resolution === 'dismissed' && request.note ? { note: request.note } : {}),
      },
    });
    if (!banning) return {};
    await banInTransaction(trx, staff, siteId, report.reported_id, request.reason, notice);
    return { bannedMember: report.reported_id };
  });
}
