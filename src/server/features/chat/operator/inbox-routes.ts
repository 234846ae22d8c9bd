import type { FastifyInstance } from 'fastify';
import { operatorInboxApi } from '@contract/endpoints/operator-inbox';
import { AppError } from '@server/errors/app-error';
import { privatePhotoFileName } from '@server/features/photos';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { findMessage } from '../message-queries';
import { sendAsProfile } from '../operator-send';
import { claimConversation, liveClaimOf, releaseClaim } from './claims';
import { inboxFigures } from './figures';
import { findInboxConversation } from './inbox-conversation';
import { INBOX_CHANGED, inboxChannel, publishInboxChange } from './inbox-events';
import { listInbox } from './inbox-queue';
import { saveNote } from './notes';
import { operatorConversation, presentOperatorMessage } from './operator-view';

/** How often the event stream says it is alive and re-checks the staff session. */
const HEARTBEAT_MS = 25_000;

// Issue 30 item 3: the fictional-profile inbox, under /api/admin/ with a staff access level.
export function inboxRoutes(app: FastifyInstance, services: Services) {
  const { db, pubSub, storage } = services;
  const noStore = { 'cache-control': 'no-store' };

  registerEndpoint(app, operatorInboxApi.queue, async ({ request, reply, staff }) => {
    reply.headers(noStore);
    const now = new Date();
    return {
      entries: await listInbox(db, request.site.id, staff, now),
      now: now.toISOString(),
    };
  });

  registerEndpoint(app, operatorInboxApi.claim, async ({ request, staff, body }) => {
    const conversation = await findInboxConversation(db, request.site.id, staff, body.conversation);
    const waiting = await db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversation.id)
      .where('operator_state', '=', 'waiting')
      .limit(1)
      .executeTakeFirst();
    if (!waiting) throw new AppError('nothing_waiting', 'conflict');
    const claim = await claimConversation(db, {
      siteId: request.site.id,
      staff,
      conversationId: conversation.id,
    });
    await publishInboxChange(pubSub, request.site.id).catch(() => undefined);
    return { claim };
  });

  registerEndpoint(app, operatorInboxApi.release, async ({ request, staff, body }) => {
    const conversation = await findInboxConversation(db, request.site.id, staff, body.conversation);
    if (await releaseClaim(db, staff.id, conversation.id))
      await publishInboxChange(pubSub, request.site.id).catch(() => undefined);
    return { ok: true as const };
  });

  registerEndpoint(app, operatorInboxApi.conversation, async ({ request, reply, staff, query }) => {
    const conversation = await findInboxConversation(
      db,
      request.site.id,
      staff,
      query.conversation,
    );
    reply.headers(noStore);
    const [view, claim] = await Promise.all([
      operatorConversation(db, conversation, request.site.settings.cdn_prefix),
      liveClaimOf(db, conversation.id, staff.id),
    ]);
    return { ...view, claim };
  });

  registerEndpoint(app, operatorInboxApi.photo, async ({ request, reply, staff, query }) => {
    const message = await findMessage(db, query.message);
    if (!message || message.kind !== 'photo' || !message.photo_storage_key)
      throw new AppError('not_found', 'not_found');
    // Only in a conversation the operator may work on, and only what the member sent.
    const conversation = await findInboxConversation(
      db,
      request.site.id,
      staff,
      message.conversation_id,
    );
    if (message.sender_id !== conversation.member.id) throw new AppError('not_found', 'not_found');
    const bytes = await storage.get(privatePhotoFileName(message.photo_storage_key, 'full'));
    if (!bytes) throw new AppError('not_found', 'not_found');
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-type', 'image/webp')
      .send(bytes);
  });

  registerEndpoint(app, operatorInboxApi.answer, async ({ request, staff, body }) => {
    const row = await sendAsProfile(services, {
      site: request.site,
      staff,
      conversationId: body.conversation,
      clientKey: body.client_key,
      text: body.text,
    });
    const { profile } = await findInboxConversation(db, request.site.id, staff, body.conversation);
    return { message: presentOperatorMessage(row, profile.id) };
  });

  registerEndpoint(app, operatorInboxApi.note, async ({ request, staff, body }) => {
    const conversation = await findInboxConversation(db, request.site.id, staff, body.conversation);
    return { note: await saveNote(db, staff, conversation, body.text) };
  });

  registerEndpoint(app, operatorInboxApi.figures, async ({ request, reply, query }) => {
    reply.headers(noStore);
    return inboxFigures(db, request.site.id, query.days);
  });

  registerEndpoint(app, operatorInboxApi.events, async ({ request, reply, query }) => {
    // Server-sent events: a plain long response the browser's EventSource reconnects by
    // itself. Each event only says "read the queue again"; the queue answer is the truth.
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    stream.write(`retry: 3000\n\ndata: ${INBOX_CHANGED}\n\n`);
    // For checks and tests: the opening event only.
    if (query.once) {
      stream.end();
      return reply;
    }
    const unsubscribe = await pubSub.subscribe(inboxChannel(request.site.id), (message) => {
      stream.write(`data: ${message}\n\n`);
    });
    // A logout, role change or removal on any instance ends the stream at the next beat.
    const heartbeat = setInterval(() => {
      app.staffOfSession(request).then(
        (staff) => (staff ? stream.write(': beat\n\n') : close()),
        () => close(),
      );
    }, HEARTBEAT_MS);
    let closed = false;
    function close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      void unsubscribe();
      stream.end();
    }
    request.raw.on('close', close);
    return reply;
  });
}
