import type { Services } from '@server/services';
import { type PushJob, enqueuePush } from './push-job';

/** Whether `messageId` is the first of its conversation: a new conversation, not a message. */
async function opensConversation(
  { db }: Pick<Services, 'db'>,
  conversationId: number,
  messageId: number,
): Promise<boolean> {
  const earlier = await db
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where('id', '<', messageId)
    .limit(1)
    .executeTakeFirst();
  return !earlier;
}

/**
 * Push follows the domain events (issue 31 items 2 and 4): notifications listen, no feature
 * calls them. A listener runs after the change committed; its job carries the push.
 */
export function listenForPushes(services: Services): void {
  const push = (job: PushJob) => enqueuePush(services, job);
  services.domainEvents.on('message.sent', async (sent) => {
    const what = (await opensConversation(services, sent.conversationId, sent.messageId))
      ? 'conversation'
      : 'message';
    await push({ memberId: sent.recipientId, fromId: sent.senderId, what });
  });
  services.domainEvents.on('like.created', ({ likerId, likedId }) =>
    push({ memberId: likedId, fromId: likerId, what: 'like' }),
  );
  services.domainEvents.on('match.created', ({ memberId, partnerId }) =>
    push({ memberId, fromId: partnerId, what: 'match' }),
  );
}
