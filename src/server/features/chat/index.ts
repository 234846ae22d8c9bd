import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { conversationRoutes } from './conversation-routes';
import { moderationRoutes } from './moderation-routes';
import { inboxRoutes } from './operator/inbox-routes';
import { chatPhotoRoutes } from './photo-routes';
import { sendRoutes } from './send-routes';

// The chat feature (issue 9): conversations, messages paid in credits, photos and gifts,
// reports, and the signup message delivered on activation.
export { sendMessage } from './chat-service';
export { deliverSignupMessage } from './signup-message';
export { replayVisibility } from './replay-visibility';

export async function chatFeature(app: FastifyInstance, services: Services) {
  conversationRoutes(app, services);
  sendRoutes(app, services);
  moderationRoutes(app, services);
  inboxRoutes(app, services);
  // Uploads only where photos arrive (as in the profiles feature).
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart);
    chatPhotoRoutes(uploads, services);
  });
}
