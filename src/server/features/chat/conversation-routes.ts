import type { FastifyInstance } from 'fastify';
import { chatApi } from '@contract/endpoints/chat';
import { AppError } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { listChats } from './chat-list';
import { clearConversation, findConversationSides } from './conversation-queries';
import { findOwnConversation, historyPage, openConversation } from './conversation-view';
import { markRead } from './mark-read';

/** Typing notices a member may send per minute before too_many_requests. */
const TYPING_PER_MINUTE = 30;

/**
 * The conversation list and one conversation (spec §2 chats, chats-id, members-id-chat; §4;
 * §7 GET chats.php, DELETE chat.php; issue 9 §1). Every answer is the viewer's own.
 */
export function conversationRoutes(app: FastifyInstance, { db, events, rateLimiter }: Services) {
  registerEndpoint(app, chatApi.chats, async ({ request, reply, member, query }) => {
    reply.header('cache-control', 'private, no-store');
    return listChats(db, { site: request.site, viewer: member }, query.cursor);
  });

  registerEndpoint(app, chatApi.conversation, async ({ request, reply, member, query }) => {
    reply.header('cache-control', 'private, no-store');
    return openConversation(db, { site: request.site, viewer: member }, query);
  });

  registerEndpoint(app, chatApi.messages, async ({ request, reply, member, query }) => {
    const context = { site: request.site, viewer: member };
    const { sides } = await findOwnConversation(db, context, query.conversation);
    reply.header('cache-control', 'private, no-store');
    return historyPage(db, context, sides, query.before.beforeMessageId);
  });

  // spec §4: gone from the deleter's list at once; the partner keeps theirs.
  registerEndpoint(app, chatApi.deleteChat, async ({ member, body }) => {
    const sides = await findConversationSides(db, body.conversation, member.id);
    if (!sides) throw new AppError('not_found', 'not_found');
    await clearConversation(db, body.conversation, member.id);
    return { ok: true as const };
  });

  registerEndpoint(app, chatApi.read, async ({ request, member, body }) => {
    await markRead(db, events, { site: request.site, viewer: member }, body.conversation);
    return { ok: true as const };
  });

  registerEndpoint(app, chatApi.typing, async ({ request, member, body }) => {
    const context = { site: request.site, viewer: member };
    const { sides } = await findOwnConversation(db, context, body.conversation);
    if (!(await rateLimiter.hit(`chat-typing:${member.id}`, TYPING_PER_MINUTE, 60)))
      throw new AppError('too_many_requests', 'rate_limited');
    // Typing is a hint, never stored: when it cannot be relayed, nothing is lost.
    await events
      .sendEphemeral(sides.partner.member_id, {
        type: 'typing',
        conversation_id: body.conversation,
        member_id: member.id,
      })
      .catch(() => undefined);
    return { ok: true as const };
  });
}
