import { TZDate } from '@date-fns/tz';
import { pathFor } from '@contract/routes';
import { timeZoneInForce } from '@server/db/member-time-zone';
import { serverT } from '@server/i18n/server-texts';
import type { Services } from '@server/services';
import type { NotificationKeys } from './notification-keys';
import {
  DEFAULT_TIME_ZONE,
  enqueueMemberMails,
  lastMailSent,
  mailRecipient,
  sendNotificationMailOnce,
} from './notification-mail-sender';
import { QUIET_FROM_HOUR } from './quiet-hours';
import { weeklyFiguresOf } from './weekly-figures';

declare module '@server/jobs' {
  interface JobPayloads {
    /** The hourly sweep: whose weekly update is due (Monday morning where they live). */
    'notifications.weekly-updates': Record<string, never>;
    'notifications.weekly-update': { memberId: number };
  }
}

/** Monday (Date#getDay), from 09:00 until the quiet hours, in the member's own time zone. */
export const WEEKLY_UPDATE_WEEKDAY = 1;
export const WEEKLY_UPDATE_FROM_HOUR = 9;
const DAY_MS = 86_400_000;
/** A week less a day: the update's own Monday may come an hour or a zone change earlier. */
const WEEKLY_UPDATE_GAP_MS = 6 * DAY_MS;

/** Whether it is the weekly update's time of the week in `timeZone`. */
export function isWeeklyUpdateTime(now: Date, timeZone: string): boolean {
  const local = new TZDate(now.getTime(), timeZone);
  const hour = local.getHours();
  return (
    local.getDay() === WEEKLY_UPDATE_WEEKDAY &&
    hour >= WEEKLY_UPDATE_FROM_HOUR &&
    hour < QUIET_FROM_HOUR
  );
}

const BATCH = 1000;

/**
 * The sweep (once per deployment, hourly): one job per member with e-mail on whose Monday
 * morning it is and who had no weekly update this week. Zones are weighed here in batches,
 * so a member is enqueued on their own Monday only.
 */
export async function sweepWeeklyUpdates(
  services: Pick<Services, 'db' | 'jobs'>,
  now = new Date(),
): Promise<number[]> {
  const { db } = services;
  const mailedAfter = new Date(now.getTime() - WEEKLY_UPDATE_GAP_MS).toISOString();
  const due: number[] = [];
  for (let afterId = 0; ;) {
    const rows = await db
      .selectFrom('members')
      .select(['id', 'time_zone', 'next_time_zone', 'next_time_zone_from'])
      .where('id', '>', afterId)
      .where('status', '=', 'active')
      .where('notifications_disabled_json', '=', '[]')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('notification_mails')
              .select('token_id')
              .whereRef('notification_mails.member_id', '=', 'members.id')
              .where('notification_mails.kind', '=', 'weekly_updates')
              .where('notification_mails.sent_at', '>', mailedAfter),
          ),
        ),
      )
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows)
      if (isWeeklyUpdateTime(now, timeZoneInForce(row, now) ?? DEFAULT_TIME_ZONE)) due.push(row.id);
    if (rows.length < BATCH) break;
    afterId = rows[rows.length - 1]!.id;
  }
  return enqueueMemberMails(services, 'notifications.weekly-update', due);
}

/**
 * The weekly update (spec §3 "weekly updates", issue 31 item 5): the member's own figures of
 * the past seven days, only what is recorded, and no mail at all when they are all zero.
 */
export async function runWeeklyUpdate(
  services: Pick<Services, 'db' | 'config' | 'mailer'>,
  keys: () => Promise<NotificationKeys>,
  job: { memberId: number },
  now = new Date(),
): Promise<void> {
  const recipient = await mailRecipient(services.db, job.memberId, 'weekly_updates', now);
  if (!recipient || !isWeeklyUpdateTime(now, recipient.zone)) return;
  const { member, site, origin } = recipient;
  await sendNotificationMailOnce(
    services,
    keys,
    recipient,
    'weekly_updates',
    now,
    async (trx) => {
      const last = await lastMailSent(trx, member.id, 'weekly_updates');
      if (last && Date.parse(last) > now.getTime() - WEEKLY_UPDATE_GAP_MS) return null;
      const since = new Date(now.getTime() - 7 * DAY_MS).toISOString();
      const figures = await weeklyFiguresOf(trx, member, since);
      return figures.likes + figures.matches + figures.unread > 0 ? figures : null;
    },
    (figures) => {
      const t = serverT(member.language, 'notifications');
      const lines = [
        figures.likes > 0 && t('mail.weeklyLikes', { count: figures.likes }),
        figures.matches > 0 && t('mail.weeklyMatches', { count: figures.matches }),
        figures.unread > 0 && t('mail.weeklyUnread', { count: figures.unread }),
      ].filter((line): line is string => typeof line === 'string');
      return {
        subject: t('mail.weeklySubject', { siteName: site.settings.name }),
        paragraphs: [
          t('mail.weeklyIntro', { siteName: site.settings.name }),
          lines.map((line) => `• ${line}`).join('\n'),
        ],
        button: t(figures.unread > 0 ? 'mail.unreadButton' : 'mail.likesButton'),
        actionUrl: `${origin}${figures.unread > 0 ? pathFor('chats') : pathFor('likes')}`,
      };
    },
  );
}
