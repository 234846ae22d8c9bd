import { pathFor } from '@contract/routes';
import { membersWithSpendingCap, monthSpendingOf } from '@server/features/payments';
import { serverT } from '@server/i18n/server-texts';
import type { Services } from '@server/services';
import type { NotificationKeys } from './notification-keys';
import {
  enqueueMemberMails,
  mailRecipient,
  sendNotificationMailOnce,
} from './notification-mail-sender';

declare module '@server/jobs' {
  interface JobPayloads {
    /** The hourly sweep: whose summary of last month is still to go out. */
    'notifications.spending-summaries': Record<string, never>;
    'notifications.spending-summary': { memberId: number };
  }
}

/** The first moment of `now`'s calendar month in UTC (the months the spending cap counts). */
const startOfUtcMonth = (now: Date, monthsBack = 0) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));

/** Members with a limit whose summary of last month has not gone out this month. */
async function membersToSummarise(db: Services['db'], now: Date): Promise<number[]> {
  const capped = await membersWithSpendingCap(db);
  if (capped.length === 0) return [];
  const summarised = await db
    .selectFrom('notification_mails')
    .select('member_id')
    .where('kind', '=', 'spending_summary')
    .where('sent_at', '>=', startOfUtcMonth(now).toISOString())
    .execute();
  const done = new Set(summarised.map((row) => row.member_id));
  return capped.filter((memberId) => !done.has(memberId));
}

/**
 * The sweep (once per deployment, hourly; a month has no cron shape of its own): from the
 * first of the month on, one job per member with a limit and no summary yet. The job waits
 * out the member's quiet hours by leaving them to a later sweep.
 */
export async function sweepSpendingSummaries(
  services: Pick<Services, 'db' | 'jobs'>,
  now = new Date(),
): Promise<number[]> {
  const memberIds = await membersToSummarise(services.db, now);
  return enqueueMemberMails(services, 'notifications.spending-summary', memberIds);
}

/**
 * The spending cap's monthly summary (issue 31 item 9): what the member spent last month
 * against their limit, each purchase listed. The kind `weekly_updates` turns it off with the
 * weekly update: both are the periodic summaries of one's own account (docs/notifications.md).
 */
export async function runSpendingSummary(
  services: Pick<Services, 'db' | 'config' | 'mailer'>,
  keys: () => Promise<NotificationKeys>,
  job: { memberId: number },
  now = new Date(),
): Promise<void> {
  const recipient = await mailRecipient(services.db, job.memberId, 'weekly_updates', now);
  if (!recipient || recipient.quietUntil) return;
  const { member, site, origin } = recipient;
  const monthStart = startOfUtcMonth(now, 1);
  const monthEnd = startOfUtcMonth(now);
  await sendNotificationMailOnce(
    services,
    keys,
    recipient,
    'spending_summary',
    now,
    async (trx) => {
      const sent = await trx
        .selectFrom('notification_mails')
        .select('token_id')
        .where('member_id', '=', member.id)
        .where('kind', '=', 'spending_summary')
        .where('sent_at', '>=', monthEnd.toISOString())
        .executeTakeFirst();
      return sent ? null : monthSpendingOf(trx, member.id, monthStart, monthEnd);
    },
    (spending) => {
      const t = serverT(member.language, 'notifications');
      const money = (cents: number) =>
        new Intl.NumberFormat(member.language, {
          style: 'currency',
          currency: spending.currency,
        }).format(cents / 100);
      const month = new Intl.DateTimeFormat(member.language, {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(monthStart);
      const day = new Intl.DateTimeFormat(member.language, {
        day: 'numeric',
        month: 'long',
        timeZone: recipient.zone,
      });
      const vars = { month, spent: money(spending.spent_cents), cap: money(spending.cap_cents) };
      const purchases = spending.purchases.map(
        (purchase) =>
          `• ${t('mail.spendingPurchase', {
            date: day.format(new Date(purchase.created_at)),
            count: purchase.credits,
            amount: money(purchase.amount_cents),
          })}`,
      );
      return {
        subject: t('mail.spendingSubject', { month, siteName: site.settings.name }),
        paragraphs: [
          t(spending.purchases.length > 0 ? 'mail.spendingIntro' : 'mail.spendingNone', vars),
          ...(purchases.length > 0 ? [purchases.join('\n')] : []),
          t('mail.spendingOutro'),
        ],
        button: t('mail.spendingButton'),
        actionUrl: `${origin}${pathFor('settings')}`,
      };
    },
  );
}
