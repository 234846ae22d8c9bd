import type { FastifyInstance } from 'fastify';
import { chatApi } from '@contract/endpoints/chat';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { decidePhoto } from './photo-decision';
import { reportMember } from './report-service';

/** What a member does about what they received: View/Decline a photo, report (issue 9 §3, §5). */
export function moderationRoutes(app: FastifyInstance, { db }: Services) {
  registerEndpoint(app, chatApi.photoDecision, async ({ request, member, body }) => ({
    message: await decidePhoto(
      db,
      { site: request.site, viewer: member },
      body.message,
      body.decision,
    ),
  }));

  registerEndpoint(app, chatApi.report, async ({ request, member, body }) => {
    await reportMember(db, request.site, member, body);
    return { ok: true as const };
  });
}
