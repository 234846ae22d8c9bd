import { TZDate } from '@date-fns/tz';
import { notificationsRoutes } from '@contract/api-routes/notifications';
import { pathFor } from '@contract/routes';
import { timeZoneInForce } from '@server/db/member-time-zone';
import { findMemberById } from '@server/db/members-table';
import { findSiteById } from '@server/features/sites';
import type { Services } from '@server/services';
import type { NotificationKeys } from './notification-keys';
import { renderNotificationMail } from './notification-mail';
import { wants } from './preferences-table';
import { newMailTokenId, signedToken } from './unsubscribe-links';

declare module '@server/jobs' {
  interface JobPayloads {
    /** Looks, some hours after a message, whether the member still has unread ones. */
    'notifications.unread-reminder': { memberId: number; origin: string };
  }
}

/** Quiet hours in the member's own time zone: no notification mail from 22:00 to 08:00. */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;

/** The end of the quiet hours if `now` falls in them (in `timeZone`), else null. */
export function quietUntil(now: Date, timeZone: string): Date | null {
  const local = new TZDate(now.getTime(), timeZone);
  const hour = local.getHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return null;
  const end = new TZDate(local.getTime(), timeZone);
  if (hour >= QUIET_FROM_HOUR) end.setDate(end.getDate() + 1);
  end.setHours(QUIET_UNTIL_HOUR, 0, 0, 0);
  return new Date(end.getTime());
}

type ReminderServices = Pick<Services, 'db' | 'config' | 'jobs' | 'mailer'>;

/** After a message: one look in UNREAD_REMINDER_HOURS (each message adds one; one mails). */
export async function scheduleUnreadReminder(
  services: ReminderServices,
  memberId: number,
  origin: string,
): Promise<void> {
  if (!(await wants(services.db, memberId, 'mail', 'unread_reminders'))) return;
  const startAfter = new Date(Date.now() + services.config.UNREAD_REMINDER_HOURS * 3_600_000);
  await services.jobs.enqueue(
    services.db,
    'notifications.unread-reminder',
    { memberId, origin },
    { startAfter },
  );
}

/**
 * One mail for a member whose messages stayed unread (issue 31 item 5), not one per message:
 * sent only when no reminder went out since the oldest unread message arrived. Skipped when
 * e-mail is disabled (spec §8) or the kind is off; postponed out of the quiet hours.
 */
export async function runUnreadReminder(
  services: ReminderServices,
  keys: () => Promise<NotificationKeys>,
  job: { memberId: number; origin: string },
  now = new Date(),
): Promise<void> {
  const { db } = services;
  const member = await findMemberById(db, job.memberId);
  if (!member || member.status !== 'active' || member.notifications_disabled.length > 0) return;
  if (!(await wants(db, member.id, 'mail', 'unread_reminders'))) return;
  const site = await findSiteById(db, member.site_id);
  if (!site) return;
  const zone = timeZoneInForce(member, now) ?? 'Europe/Amsterdam';
  const later = quietUntil(now, zone);
  if (later) {
    await services.jobs.enqueue(db, 'notifications.unread-reminder', job, { startAfter: later });
    return;
  }
  const tokenId = newMailTokenId();
  const unread = await db.transaction().execute(async (trx) => {
    const oldest = await trx
      .selectFrom('messages')
      .innerJoin('conversation_members', (join) =>
        join
          .onRef('conversation_members.conversation_id', '=', 'messages.conversation_id')
          .onRef('conversation_members.member_id', '=', 'messages.recipient_id'),
      )
      .select((eb) => [
        eb.fn.min('messages.created_at').as('since'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('messages.recipient_id', '=', member.id)
      .whereRef('messages.id', '>', 'conversation_members.last_read_message_id')
      .executeTakeFirst();
    const count = Number(oldest?.count ?? 0);
    if (count === 0 || !oldest?.since) return 0;
    const remindedSince = await trx
      .selectFrom('notification_mails')
      .select('token_id')
      .where('member_id', '=', member.id)
      .where('kind', '=', 'unread_reminders')
      .where('sent_at', '>=', String(oldest.since))
      .executeTakeFirst();
    if (remindedSince) return 0;
    // The row first: a second job racing this one finds it and sends nothing.
    await trx
      .insertInto('notification_mails')
      .values({
        token_id: tokenId,
        member_id: member.id,
        kind: 'unread_reminders',
        sent_at: now.toISOString(),
        used_at: null,
      })
      .execute();
    return count;
  });
  if (unread === 0) return;
  const unsubscribeUrl = `${job.origin}${notificationsRoutes.unsubscribeOneClick.path}?token=${signedToken((await keys()).linkSecret, tokenId)}`;
  const mail = renderNotificationMail({
    language: member.language,
    siteName: site.settings.name,
    mailName: site.settings.mail_name,
    recipientName: member.name,
    topic: 'unread',
    count: unread,
    actionUrl: `${job.origin}${pathFor('chats')}`,
    pageUrl: `${job.origin}${pathFor('notifications')}`,
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
}
