import type { FastifyInstance } from 'fastify';
import { accountApi } from '@contract/endpoints/account';
import { pathFor } from '@contract/routes';
import { activateMember } from '@server/db/members-table';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { cookiePolicyOf } from './cookie-policy';
import { trustThisBrowser } from './device-cookie';
import { consumeEmailToken } from './email-tokens';

declare module '@server/domain-events' {
  interface DomainEventMap {
    /** A member proved their e-mail address (status not_confirmed → active). */
    'member.activated': { memberId: number; siteId: number };
  }
}

/**
 * GET /api/activate.php?token=…: the link in the activation mail. It works once; it leads to
 * /activate/done or /activate/error (spec §2).
 */
export function activationRoutes(app: FastifyInstance, services: Services) {
  const { db, config } = services;
  registerEndpoint(app, accountApi.activate, async ({ request, reply, query }) => {
    const token = query.token;
    const used =
      token && token.length >= 10 ? await consumeEmailToken(db, token, 'activation') : undefined;
    if (!used) return reply.redirect(pathFor('activate-error'));
    await activateMember(db, request.site.id, used.member_id);
    // Listeners (the signup message of issue 9 §6, in chat) run now; a failure of theirs is
    // logged and does not fail the activation.
    await services.domainEvents.publish('member.activated', {
      memberId: used.member_id,
      siteId: request.site.id,
    });
    // The browser that opened the link proved the address: it is the member's own.
    await trustThisBrowser(db, reply, used.member_id, cookiePolicyOf(config).secure);
    return reply.redirect(pathFor('activate-done'));
  });
}
