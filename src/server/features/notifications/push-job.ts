import type { NotificationKind, PushPayload } from '@contract/notifications';
import { pathFor } from '@contract/routes';
import type { Db } from '@server/db/database';
import { findMemberById } from '@server/db/members-table';
import { presentMainImage } from '@server/features/photos';
import { findSiteById } from '@server/features/sites';
import { serverT } from '@server/i18n/server-texts';
import { memberChannel } from '@server/realtime/member-events';
import type { Services } from '@server/services';
import type { NotificationKeys } from './notification-keys';
import { wants } from './preferences-table';
import { pushToMember } from './push-sender';
import { pushSubscriptionsOf } from './push-subscriptions-table';

/** One push to one member about one thing another member did (issue 31 item 4). */
export interface PushJob {
  memberId: number;
  fromId: number;
  what: 'message' | 'conversation' | 'like' | 'match';
}

declare module '@server/jobs' {
  interface JobPayloads {
    'notifications.push': PushJob;
  }
}

/** The kind of §3 a member turns on or off for each push. */
const KIND_OF: Record<PushJob['what'], NotificationKind> = {
  message: 'new_messages',
  conversation: 'new_conversations',
  like: 'likes',
  match: 'likes',
};

type PushServices = Pick<Services, 'db' | 'config' | 'jobs' | 'pubSub'>;

/**
 * A member with a tab open on any instance sees the message or like there (its socket gets
 * the event), so no push: their channel has a subscriber somewhere (Redis PUBSUB NUMSUB across
 * instances, the listeners in process without Redis).
 */
export async function hasOpenTab(services: Pick<Services, 'pubSub'>, memberId: number) {
  return (await services.pubSub.subscriberCount(memberChannel(memberId))) > 0;
}

/** Enqueues the push when the member wants it, has a subscription and no open tab. */
export async function enqueuePush(services: PushServices, job: PushJob): Promise<void> {
  const { db } = services;
  if (!(await wants(db, job.memberId, 'push', KIND_OF[job.what]))) return;
  if ((await pushSubscriptionsOf(db, job.memberId)).length === 0) return;
  if (await hasOpenTab(services, job.memberId)) return;
  await services.jobs.enqueue(db, 'notifications.push', job);
  services.jobs.wake();
}

async function unreadCount(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('conversation_members')
    .select((eb) => eb.fn.sum<number>('num_unread_messages').as('unread'))
    .where('member_id', '=', memberId)
    .where('is_hidden', '=', 0)
    .executeTakeFirst();
  return Number(row?.unread ?? 0);
}

async function thumbnailOf(db: Db, memberId: number, cdnPrefix: string) {
  const photo = await db
    .selectFrom('photos')
    .select(['storage_key', 'blurred_storage_key', 'status'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  return presentMainImage(cdnPrefix, photo)?.thumb_filename ?? null;
}

/**
 * What the service worker shows (src/web/sw/): in the member's language, with the sender's
 * name (a fictional profile labelled as one, spec §1) and photo, opening the conversation or
 * the profile, with the unread count for the app badge.
 */
export async function pushPayloadOf(db: Db, job: PushJob): Promise<PushPayload | null> {
  const [member, from] = await Promise.all([
    findMemberById(db, job.memberId),
    findMemberById(db, job.fromId),
  ]);
  if (!member || !from) return null;
  const site = await findSiteById(db, member.site_id);
  if (!site) return null;
  const t = serverT(member.language, 'notifications');
  const name = from.is_fictional ? t('push.fictional', { name: from.name }) : from.name;
  const isChat = job.what === 'message' || job.what === 'conversation';
  return {
    kind: job.what === 'like' || job.what === 'match' ? job.what : 'message',
    title: t(`push.${job.what}`, { name }),
    body: t(isChat ? 'push.messageBody' : job.what === 'like' ? 'push.likeBody' : 'push.matchBody'),
    icon: await thumbnailOf(db, from.id, site.settings.cdn_prefix),
    url: isChat
      ? pathFor('members-id-chat', { id: from.id })
      : pathFor('members-id', { id: from.id }),
    badge: await unreadCount(db, member.id),
  };
}

/** The job: the preference asked again (it may have changed since), then the push. */
export async function runPushJob(
  services: Pick<Services, 'db' | 'config'>,
  keys: () => Promise<NotificationKeys>,
  job: PushJob,
): Promise<void> {
  if (!(await wants(services.db, job.memberId, 'push', KIND_OF[job.what]))) return;
  const payload = await pushPayloadOf(services.db, job);
  if (!payload) return;
  await pushToMember({ ...services, keys: await keys() }, job.memberId, payload);
}
