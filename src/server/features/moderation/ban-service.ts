import type { FastifyInstance } from 'fastify';
import type { Db } from '@server/db/database';
import { type BanChange, banMember, unbanMember } from '@server/db/members-table';
import type { Staff } from '@server/db/staff-record';
import { recordAudit } from '@server/db/staff-audit-table';
import { AppError } from '@server/errors/app-error';
import type { JobQueue } from '@server/jobs';

/**
 * Where the member is told of a ban (the ban page, spec §2 ban: "we let you know by e-mail
 * that your account has been banned and why"): the jobs and the site's origin for its link.
 */
export interface BanNotice {
  jobs: Pick<JobQueue, 'enqueue'>;
  origin: string;
}

/**
 * Bans a member inside the caller's transaction, with the audit row beside it (issue 30
 * item 5). Answers the change, or throws not_found for no bannable member of this site.
 */
export async function banInTransaction(
  trx: Db,
  staff: Staff,
  siteId: number,
  memberId: number,
  reason: string,
  notice: BanNotice,
): Promise<BanChange> {
  const change = await banMember(trx, siteId, memberId, reason);
  if (!change) throw new AppError('not_found', 'not_found');
  // The mail is committed with the ban or not at all (issue 31 item 1).
  await notice.jobs.enqueue(trx, 'mail.banned', { memberId, reason, origin: notice.origin });
  await recordAudit(trx, {
    staffId: staff.id,
    action: 'member.banned',
    siteId,
    subject: `member:${memberId}`,
    before: change.before,
    after: change.after,
  });
  return change;
}

/**
 * After the ban's commit: every session of the member ends, and the notice on the member's
 * channel (Redis when configured) closes their open sockets on every instance at once. Were
 * that to fail, the session lookup already refuses a banned member and each socket's
 * heartbeat re-check closes it.
 */
export async function endSessionsOfBanned(app: FastifyInstance, memberId: number) {
  await app.endAllSessions(memberId);
}

/** Bans a member of the site: the status, the audit row, then the sessions and sockets. */
export async function banSiteMember(
  app: FastifyInstance,
  db: Db,
  staff: Staff,
  siteId: number,
  request: { member: number; reason: string },
  notice: BanNotice,
) {
  await db
    .transaction()
    .execute((trx) => banInTransaction(trx, staff, siteId, request.member, request.reason, notice));
  await endSessionsOfBanned(app, request.member);
}

/** Lifts a ban; the member logs in again (their sessions ended with the ban). */
export async function unbanSiteMember(db: Db, staff: Staff, siteId: number, memberId: number) {
  await db.transaction().execute(async (trx) => {
    const change = await unbanMember(trx, siteId, memberId);
    if (!change) throw new AppError('not_found', 'not_found');
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'member.unbanned',
      siteId,
      subject: `member:${memberId}`,
      before: change.before,
      after: change.after,
    });
  });
}
