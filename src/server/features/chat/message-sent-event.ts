import type { DomainEvents } from '@server/domain-events';
import type { MessageRow } from '@server/db/tables/chat-tables';

declare module '@server/domain-events' {
  interface DomainEventMap {
    /** A message was stored and committed (issue 31 item 2); notifications push and mail it. */
    'message.sent': {
      siteId: number;
      messageId: number;
      conversationId: number;
      senderId: number;
      recipientId: number;
    };
  }
}

/** Publishes `message.sent` after the send's commit; its listeners' failures fail nothing. */
export async function publishMessageSent(
  domainEvents: DomainEvents | undefined,
  siteId: number,
  row: MessageRow,
): Promise<void> {
  await domainEvents?.publish('message.sent', {
    siteId,
    messageId: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    recipientId: row.recipient_id,
  });
}
