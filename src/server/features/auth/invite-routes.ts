import type { FastifyInstance } from 'fastify';
import { adminBusinessApi as api } from '@contract/endpoints/admin-business';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { createInvite, endInvite, inviteUses, listInvites } from './invites-table';

// Issue 30 item 7: invite codes for the invite-only signup mode, in the console.
export function inviteRoutes(app: FastifyInstance, { db }: Services) {
  registerEndpoint(app, api.invites, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    return { invites: await listInvites(db, request.site.id) };
  });
  registerEndpoint(app, api.createInvite, async ({ request, staff, body }) => ({
    invite: await createInvite(db, staff, request.site.id, body),
  }));
  registerEndpoint(app, api.endInvite, async ({ request, staff, body }) => ({
    invite: await endInvite(db, staff, request.site.id, body.id),
  }));
  registerEndpoint(app, api.inviteUses, async ({ request, reply, query }) => {
    reply.header('cache-control', 'no-store');
    return { uses: await inviteUses(db, request.site.id, query.id) };
  });
}
