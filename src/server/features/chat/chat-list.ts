import { CHATS_PAGE_SIZE, type ChatsAnswer } from '@contract/chat';
import type { Db } from '@server/db/database';
import { type ChatsCursor, encodeChatsCursor } from './chat-cursor';
import { presentListEntry } from './chat-presenter';
import type { ChatViewer } from './conversation-view';
import { countUnread, listConversations } from './conversation-queries';

/**
 * spec §7 GET chats.php: the viewer's conversations, newest first, a keyset page at a time,
 * with the total unread count (spec §3 "Chat/likes state"). Two statements, whatever the
 * number of conversations.
 */
export async function listChats(
  db: Db,
  { site, viewer }: ChatViewer,
  after: ChatsCursor | undefined,
): Promise<ChatsAnswer> {
  const [rows, totalUnread] = await Promise.all([
    listConversations(db, {
      siteId: site.id,
      memberId: viewer.id,
      ...(after ? { after } : {}),
      limit: CHATS_PAGE_SIZE + 1,
    }),
    countUnread(db, site.id, viewer.id),
  ]);
  const page = rows.slice(0, CHATS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    chats: page.map((row) => presentListEntry(row, viewer.id, site.settings.cdn_prefix)),
    total_unread: totalUnread,
    next_cursor:
      rows.length > CHATS_PAGE_SIZE && last
        ? encodeChatsCursor({
            lastMessageAt: last.last_message_at,
            conversationId: last.conversation_id,
          })
        : null,
  };
}
