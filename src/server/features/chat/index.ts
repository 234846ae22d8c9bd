import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { findSiteById } from '@server/features/sites';
import type { Services } from '@server/services';
import { conversationRoutes } from './conversation-routes';
import { moderationRoutes } from './moderation-routes';
import { tellPartnersOf } from './partner-changed';
import { inboxRoutes } from './operator/inbox-routes';
import { chatPhotoRoutes } from './photo-routes';
import { sendRoutes } from './send-routes';
import { deliverSignupMessage } from './signup-message';

// The chat feature (issue 9): conversations, messages paid in credits, photos and gifts,
// reports, and the signup message delivered on activation.
export { sendMessage } from './chat-service';
export { resolveOpenReports } from './report-service';
export { conversationPageChecks } from './conversation-page-checks';
export { eraseChatSide, sentChatPhotoKeys } from './member-erasure';
export { replayVisibility } from './replay-visibility';
export { operatorFigures } from './operator/figures';

export async function chatFeature(app: FastifyInstance, services: Services) {
  conversationRoutes(app, services);
  sendRoutes(app, services);
  moderationRoutes(app, services);
  // issue 9 §6: the message written on a member's page at signup reaches them on activation.
  services.domainEvents.on('member.activated', async ({ memberId, siteId }) => {
    const site = await findSiteById(services.db, siteId);
    if (site) await deliverSignupMessage(services, site, memberId);
  });
  // issue 31 item 7: the partners see "a deleted member" (or the member back) at once.
  for (const name of ['member.deleted', 'member.restored'] as const)
    services.domainEvents.on(name, ({ memberId }) =>
      tellPartnersOf(services.db, services.events, memberId),
    );
  inboxRoutes(app, services);
  // Uploads only where photos arrive (as in the profiles feature).
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart);
    chatPhotoRoutes(uploads, services);
  });
}
