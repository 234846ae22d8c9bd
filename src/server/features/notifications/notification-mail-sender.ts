import { notificationsRoutes } from '@contract/api-routes/notifications';
import type { NotificationKind } from '@contract/notifications';
import { pathFor } from '@contract/routes';
import type { Db } from '@server/db/database';
import { lockMemberRow } from '@server/db/member-lock';
import { timeZoneInForce } from '@server/db/member-time-zone';
import { findMemberById } from '@server/db/members-table';
import type { Member } from '@server/db/member-record';
import { type Site, findSiteById } from '@server/features/sites';
import type { JobName, JobPayloads } from '@server/jobs';
import type { Services } from '@server/services';
import type { NotificationKeys } from './notification-keys';
import { type NotificationMailContent, renderNotificationMail } from './notification-mail';
import { wants } from './preferences-table';
import { quietUntil } from './quiet-hours';
import { newMailTokenId, signedToken } from './unsubscribe-links';

/** Where a member's clock stands when their browser never told a zone (the sites' own). */
export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

/**
 * What `notification_mails.kind` records: a kind of §3, or the spending cap's monthly summary
 * (issue 31 item 9), which the kind `weekly_updates` turns on and off (docs/notifications.md).
 */
export type MailRecord = NotificationKind | 'spending_summary';

/** A member a notification mail may go to: their site, their zone, where links point. */
export interface MailRecipient {
  member: Member;
  site: Site;
  zone: string;
  origin: string;
  /** The end of the member's quiet hours when they are in them now, else null. */
  quietUntil: Date | null;
}

/** Links in mails: https on a real domain, plain http on this machine (development, tests). */
export function siteOrigin(domain: string): string {
  return ['localhost', '127.0.0.1'].includes(domain) ? `http://${domain}` : `https://${domain}`;
}

/**
 * The member when a mail of `kind` may go to them at all (spec §8: e-mail not disabled; the
 * kind on for e-mail; an active account), else null. Quiet hours are the caller's to honour.
 */
export async function mailRecipient(
  db: Db,
  memberId: number,
  kind: NotificationKind,
  now: Date,
): Promise<MailRecipient | null> {
  const member = await findMemberById(db, memberId);
  if (!member || member.status !== 'active' || member.notifications_disabled.length > 0)
    return null;
  if (!(await wants(db, member.id, 'mail', kind))) return null;
  const site = await findSiteById(db, member.site_id);
  if (!site) return null;
  const zone = timeZoneInForce(member, now) ?? DEFAULT_TIME_ZONE;
  return { member, site, zone, origin: siteOrigin(site.domain), quietUntil: quietUntil(now, zone) };
}

type SenderServices = Pick<Services, 'config' | 'mailer'> & { db: Db };

/**
 * Sends a notification mail at most once for what `claim` finds. `claim` runs in a transaction
 * holding the member's row lock and answers what the mail is about (null: nothing to mail);
 * the `notification_mails` row is written in that same transaction, so a second run (a retry,
 * another instance, the next sweep) waits for the lock and then finds it. A failed send
 * removes the row, so the job's retry sends; a crash between commit and send loses that one
 * mail rather than sending it twice. Every mail has the RFC 8058 one-click unsubscribe.
 */
export async function sendNotificationMailOnce<T>(
  services: SenderServices,
  keys: () => Promise<NotificationKeys>,
  recipient: MailRecipient,
  record: MailRecord,
  now: Date,
  claim: (trx: Db) => Promise<T | null>,
  compose: (found: T) => NotificationMailContent,
): Promise<T | null> {
  const { db } = services;
  const { member, site, origin } = recipient;
  const tokenId = newMailTokenId();
  const found = await db.transaction().execute(async (trx) => {
    await lockMemberRow(trx, member.id);
    const what = await claim(trx);
    if (what === null) return null;
    await trx
      .insertInto('notification_mails')
      .values({
        token_id: tokenId,
        member_id: member.id,
        kind: record,
        sent_at: now.toISOString(),
        used_at: null,
      })
      .execute();
    return what;
  });
  if (found === null) return null;
  const unsubscribeUrl = `${origin}${notificationsRoutes.unsubscribeOneClick.path}?token=${signedToken((await keys()).linkSecret, tokenId)}`;
  const mail = renderNotificationMail({
    ...compose(found),
    language: member.language,
    mailName: site.settings.mail_name,
    recipientName: member.name,
    pageUrl: `${origin}${pathFor('notifications')}`,
    unsubscribeUrl,
  });
  try {
    await services.mailer.send({
      siteId: site.id,
      from: {
        name: site.settings.mail_name,
        address: services.config.MAIL_FROM_ADDRESS ?? `no-reply@${site.domain}`,
      },
      to: member.email,
      ...mail,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  } catch (error) {
    // Not sent: the row goes, so the job's retry sends it.
    await db.deleteFrom('notification_mails').where('token_id', '=', tokenId).execute();
    throw error;
  }
  return found;
}

/** The last time a mail of `record` went to the member (ISO), or null. */
export async function lastMailSent(
  trx: Db,
  memberId: number,
  record: MailRecord,
): Promise<string | null> {
  const row = await trx
    .selectFrom('notification_mails')
    .select((eb) => eb.fn.max('sent_at').as('last'))
    .where('member_id', '=', memberId)
    .where('kind', '=', record)
    .executeTakeFirst();
  return row?.last ? String(row.last) : null;
}

/** The jobs that send one member one batched mail (like mails, weekly update, spending summary). */
type MemberMailJob = {
  [N in JobName]: JobPayloads[N] extends { memberId: number } ? N : never;
}[JobName];

/**
 * A sweep's end: one job per member it found due, then the worker woken. The job decides
 * again under the member's lock, so a member enqueued twice still gets one mail.
 */
export async function enqueueMemberMails(
  services: Pick<Services, 'db' | 'jobs'>,
  name: MemberMailJob,
  memberIds: number[],
): Promise<number[]> {
  for (const memberId of memberIds) await services.jobs.enqueue(services.db, name, { memberId });
  if (memberIds.length > 0) services.jobs.wake();
  return memberIds;
}
