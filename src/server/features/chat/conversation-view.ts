import { type ConversationAnswer, MESSAGES_PAGE_SIZE } from '@contract/chat';
import { findGonePartner } from './gone-partner';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { AppError } from '@server/errors/app-error';
import { findVisibleCard, presentLikeCard } from '@server/features/likes';
import type { Site } from '@server/features/sites';
import { encodeMessagesCursor } from './chat-cursor';
import { deletedPartner, presentMessage } from './chat-presenter';
import { chatTermsFor } from './chat-terms';
import {
  type ConversationSides,
  findConversationBetween,
  findConversationSides,
} from './conversation-queries';
import { listMessages } from './message-queries';

export interface ChatViewer {
  site: Site;
  viewer: Member;
}

const notFound = () => new AppError('not_found', 'not_found');

/**
 * The viewer's conversation and a partner they may still see, or who is gone (deleted or
 * erased: partner `deleted`, issue 31 item 7). Someone else's conversation, or one whose
 * partner is now blocked either way, banned, disabled or invisible, answers not_found like a
 * missing one (IDOR; spec §1; issue 9 §5).
 */
export async function findOwnConversation(db: Db, { site, viewer }: ChatViewer, id: number) {
  const sides = await findConversationSides(db, id, viewer.id);
  if (!sides) throw notFound();
  const partnerId = sides.partner.member_id;
  const partner = await findVisibleCard(db, site.id, viewer.id, partnerId);
  if (partner) return { sides, partner };
  if (await findGonePartner(db, { siteId: site.id, memberId: viewer.id }, partnerId))
    return { sides, partner: 'deleted' as const };
  throw notFound();
}

/** The viewer's conversation with a member they may see; sides undefined before it starts. */
async function findConversationWith(db: Db, { site, viewer }: ChatViewer, memberId: number) {
  const partner = await findVisibleCard(db, site.id, viewer.id, memberId);
  if (!partner) throw notFound();
  const conversation = await findConversationBetween(db, viewer.id, partner.id);
  const sides = conversation && (await findConversationSides(db, conversation.id, viewer.id));
  return { sides, partner };
}

/** One page of history as the viewer sees it, newest last, with the cursor to older ones. */
export async function historyPage(
  db: Db,
  { site, viewer }: ChatViewer,
  sides: ConversationSides,
  beforeId?: number,
) {
  const rows = await listMessages(db, {
    conversationId: sides.own.conversation_id,
    clearedUpTo: sides.own.cleared_up_to_message_id,
    historyLimit: site.settings.chat.history_limit,
    ...(beforeId !== undefined ? { beforeId } : {}),
    limit: MESSAGES_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, MESSAGES_PAGE_SIZE);
  const oldest = page.at(-1);
  return {
    messages: page
      .reverse()
      .map((row) => presentMessage(row, viewer.id, sides.partner.last_read_message_id)),
    older_cursor:
      rows.length > MESSAGES_PAGE_SIZE && oldest ? encodeMessagesCursor(oldest.id) : null,
  };
}

/**
 * Opens a conversation by its id (/chats/{id}) or by the partner (/members/{id}/chat, where
 * it may not exist yet). Opening does not mark it read: the client calls chat-read.php
 * (spec §4), so a prefetch never clears an unread badge.
 */
export async function openConversation(
  db: Db,
  context: ChatViewer,
  by: { conversation: number } | { member: number },
): Promise<ConversationAnswer> {
  const { site, viewer } = context;
  const { sides, partner } =
    'conversation' in by
      ? await findOwnConversation(db, context, by.conversation)
      : await findConversationWith(db, context, by.member);
  const [history, terms] = await Promise.all([
    sides ? historyPage(db, context, sides) : { messages: [], older_cursor: null },
    chatTermsFor(db, site, viewer),
  ]);
  return {
    conversation_id: sides?.own.conversation_id ?? null,
    partner:
      partner === 'deleted'
        ? deletedPartner(sides?.partner.member_id ?? 0)
        : presentLikeCard(partner, site.settings.cdn_prefix),
    ...history,
    terms,
  };
}
