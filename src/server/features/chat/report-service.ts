import type { z } from 'zod';
import type { reportRequestSchema } from '@contract/chat';
import type { Db } from '@server/db/database';
import { findMemberById } from '@server/db/members-table';
import type { Member } from '@server/db/member-record';
import { AppError } from '@server/errors/app-error';
import { lockMemberRow } from '@server/db/member-lock';
import type { Site } from '@server/features/sites';
import { findConversationBetween } from './conversation-queries';
import { findMessage } from './message-queries';

/** How many of the conversation's latest messages a report keeps for the operator console. */
export const REPORT_EXCERPT_SIZE = 20;

type ReportRequest = z.infer<typeof reportRequestSchema>;

/** The conversation's latest messages, oldest first, as the operator console reads them. */
async function excerptOf(db: Db, conversationId: number | undefined) {
  if (conversationId === undefined) return [];
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'sender_id', 'kind', 'text', 'gift_id', 'photo_state', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(REPORT_EXCERPT_SIZE)
    .execute();
  return rows.reverse();
}

/**
 * Stores a report of a member or one of their messages for the operator console (issue 9
 * §5), with an excerpt of the conversation. A blocked member can still be reported (block
 * and report go together), and so can one who went invisible or was disabled. The answer
 * never tells members apart (spec §1: who cannot be seen must not be found): unknown,
 * invisible, disabled, blocked either way or on another site, every report is answered ok;
 * only a real one is stored: a member of this site and, when a message is named, one they
 * sent to the reporter. Reporting oneself alone answers not_found (it reveals nothing). One open report per reporter and
 * message (or member): a repeat is answered ok and stores nothing new.
 */
export async function reportMember(db: Db, site: Site, reporter: Member, request: ReportRequest) {
  // Reporting oneself tells nobody anything: refused as before (the authorization matrix).
  if (request.member === reporter.id) throw new AppError('not_found', 'not_found');
  const reported = await findMemberById(db, request.member);
  if (!reported || reported.site_id !== site.id) return;
  if (request.message !== undefined) {
    const message = await findMessage(db, request.message);
    if (!message || message.sender_id !== reported.id || message.recipient_id !== reporter.id)
      return;
  }
  const conversation = await findConversationBetween(db, reporter.id, reported.id);
  const excerpt = await excerptOf(db, conversation?.id);
  await db.transaction().execute(async (trx) => {
    // One report at a time per reporter, so two clicks cannot file two open reports.
    await lockMemberRow(trx, reporter.id);
    const open = await trx
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', reporter.id)
      .where('reported_id', '=', reported.id)
      .where('message_id', request.message === undefined ? 'is' : '=', request.message ?? null)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (open) return;
    await trx
      .insertInto('reports')
      .values({
        site_id: site.id,
        reporter_id: reporter.id,
        reported_id: reported.id,
        message_id: request.message ?? null,
        reason: request.reason,
        note: request.note ?? null,
        excerpt_json: JSON.stringify(excerpt),
        created_at: new Date().toISOString(),
      })
      .execute();
  });
}

/**
 * Closes open reports as staff resolved them (issue 30 item 5): the one report named, or with
 * `allOfMember` every open report of the member it is about (a ban answers them all). Only an
 * open report is resolved, so two moderators at once cannot both; answers the ids closed.
 */
export async function resolveOpenReports(
  trx: Db,
  target: { siteId: number; reportId: number; allOfMember?: number },
  resolution: { resolution: 'dismissed' | 'banned'; staffId: number },
  now = new Date(),
): Promise<number[]> {
  const rows = await trx
    .updateTable('reports')
    .set({
      status: 'resolved',
      resolution: resolution.resolution,
      resolved_by: resolution.staffId,
      resolved_at: now.toISOString(),
    })
    .where('site_id', '=', target.siteId)
    .where('status', '=', 'open')
    .where((eb) =>
      target.allOfMember === undefined
        ? eb('id', '=', target.reportId)
        : eb.or([eb('id', '=', target.reportId), eb('reported_id', '=', target.allOfMember)]),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
