import { pathFor } from '@contract/routes';
import { serverT } from '@server/i18n/server-texts';
import type { Services } from '@server/services';
import { type Liker, membersWithNewLikes, newLikesAndMatches } from './like-mail-queries';
import type { NotificationKeys } from './notification-keys';
import type { NotificationMailContent } from './notification-mail';
import {
  type MailRecipient,
  enqueueMemberMails,
  lastMailSent,
  mailRecipient,
  sendNotificationMailOnce,
} from './notification-mail-sender';
import { hasOpenTab } from './push-job';

declare module '@server/jobs' {
  interface JobPayloads {
    /** The hourly sweep: which members have likes or matches to be told of by e-mail. */
    'notifications.like-mails': Record<string, never>;
    /** One member's like and match mail, if still due when it runs. */
    'notifications.like-mail': { memberId: number };
  }
}

/** At most one like and match mail per member in this many hours (issue 31 item 5). */
export const LIKE_MAIL_EVERY_HOURS = 4;
/** Likes older than this are no longer news: a first mail (or one after a pause) skips them. */
export const LIKE_MAIL_LOOKBACK_HOURS = 48;
/** A mail names this many members per list; the rest are counted. */
const NAMES_SHOWN = 5;

const hoursBefore = (now: Date, hours: number) =>
  new Date(now.getTime() - hours * 3_600_000).toISOString();

type LikeMailServices = Pick<Services, 'db' | 'config' | 'jobs' | 'mailer' | 'pubSub'>;

/**
 * The sweep (once per deployment, hourly): one job per member with a like newer than their
 * last like mail and none in LIKE_MAIL_EVERY_HOURS. A member enqueued twice (a slow job, a
 * retried sweep) gets one mail: the job looks again under the member's lock.
 */
export async function sweepLikeMails(
  services: Pick<Services, 'db' | 'jobs'>,
  now = new Date(),
): Promise<number[]> {
  const memberIds = await membersWithNewLikes(
    services.db,
    hoursBefore(now, LIKE_MAIL_LOOKBACK_HOURS),
    hoursBefore(now, LIKE_MAIL_EVERY_HOURS),
  );
  return enqueueMemberMails(services, 'notifications.like-mail', memberIds);
}

/**
 * One mail for the likes and matches since the last one (issue 31 item 5, batched): only when
 * the kind `likes` is on for e-mail, e-mail is not disabled (spec §8), it is not night where
 * the member lives and no tab of theirs is open (the rule push follows). Skipped members are
 * looked at again by the next sweep, so nothing is lost by waiting.
 */
export async function runLikeMail(
  services: LikeMailServices,
  keys: () => Promise<NotificationKeys>,
  job: { memberId: number },
  now = new Date(),
): Promise<void> {
  const recipient = await mailRecipient(services.db, job.memberId, 'likes', now);
  if (!recipient || recipient.quietUntil) return;
  if (await hasOpenTab(services, job.memberId)) return;
  const { member } = recipient;
  await sendNotificationMailOnce(
    services,
    keys,
    recipient,
    'likes',
    now,
    async (trx) => {
      const last = await lastMailSent(trx, member.id, 'likes');
      if (last && last > hoursBefore(now, LIKE_MAIL_EVERY_HOURS)) return null;
      const lookback = hoursBefore(now, LIKE_MAIL_LOOKBACK_HOURS);
      const found = await newLikesAndMatches(
        trx,
        member,
        last && last > lookback ? last : lookback,
      );
      return found.likes.length + found.matches.length > 0 ? found : null;
    },
    (found) => likeMailContent(recipient, found),
  );
}

/** Matches first (they ask for an answer), then likes; every fictional liker labelled. */
function likeMailContent(
  { member, site, origin }: MailRecipient,
  { likes, matches }: { likes: Liker[]; matches: Liker[] },
): NotificationMailContent {
  const t = serverT(member.language, 'notifications');
  const vars = (count: number) => ({ count, siteName: site.settings.name });
  const nameOf = (liker: Liker) =>
    liker.isFictional ? t('push.fictional', { name: liker.name }) : liker.name;
  const names = (likers: Liker[]) => {
    const lines = likers.slice(0, NAMES_SHOWN).map((liker) => `• ${nameOf(liker)}`);
    if (likers.length > NAMES_SHOWN)
      lines.push(t('mail.andMore', { count: likers.length - NAMES_SHOWN }));
    return lines.join('\n');
  };
  const paragraphs: string[] = [];
  if (matches.length > 0)
    paragraphs.push(t('mail.matchesIntro', vars(matches.length)), names(matches));
  if (likes.length > 0) paragraphs.push(t('mail.likesIntro', vars(likes.length)), names(likes));
  const topic = matches.length > 0 ? 'matches' : 'likes';
  const count = matches.length > 0 ? matches.length : likes.length;
  return {
    subject: t(`mail.${topic}Subject`, vars(count)),
    paragraphs,
    button: t(`mail.${topic}Button`),
    actionUrl: `${origin}${pathFor('likes-type', { type: topic === 'matches' ? 'matches' : 'liked-by' })}`,
  };
}
