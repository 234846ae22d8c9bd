import { pathFor } from '@contract/routes';
import { serverT } from '@server/i18n/server-texts';
import type { Services } from '@server/services';
import type { NotificationKeys } from './notification-keys';
import { mailRecipient, sendNotificationMailOnce } from './notification-mail-sender';
import { wants } from './preferences-table';

declare module '@server/jobs' {
  interface JobPayloads {
    /** Looks, some hours after a message, whether the member still has unread ones. */
    'notifications.unread-reminder': { memberId: number; origin: string };
  }
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
  const recipient = await mailRecipient(db, job.memberId, 'unread_reminders', now);
  if (!recipient) return;
  if (recipient.quietUntil) {
    await services.jobs.enqueue(db, 'notifications.unread-reminder', job, {
      startAfter: recipient.quietUntil,
    });
    return;
  }
  const { member, site } = recipient;
  await sendNotificationMailOnce(
    services,
    keys,
    { ...recipient, origin: job.origin },
    'unread_reminders',
    now,
    async (trx) => {
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
      if (count === 0 || !oldest?.since) return null;
      const remindedSince = await trx
        .selectFrom('notification_mails')
        .select('token_id')
        .where('member_id', '=', member.id)
        .where('kind', '=', 'unread_reminders')
        .where('sent_at', '>=', String(oldest.since))
        .executeTakeFirst();
      return remindedSince ? null : count;
    },
    (count) => {
      const t = serverT(member.language, 'notifications');
      const vars = { count, siteName: site.settings.name };
      return {
        subject: t('mail.unreadSubject', vars),
        paragraphs: [t('mail.unreadIntro', vars)],
        button: t('mail.unreadButton', vars),
        actionUrl: `${job.origin}${pathFor('chats')}`,
      };
    },
  );
}
