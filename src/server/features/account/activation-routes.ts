import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathFor } from '@contract/routes';
import { cookiePolicyOf } from '@server/features/auth/cookie-policy';
import { trustThisBrowser } from '@server/features/auth/device-cookie';
import type { AccountDependencies } from './account-dependencies';
import { consumeEmailToken } from './email-tokens';

/**
 * GET /api/activate.php?token=…: the link in the activation mail. It works once; it leads to
 * /activate/done or /activate/error (spec §2).
 */
export async function activationRoutes(app: FastifyInstance, { db, config }: AccountDependencies) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/activate.php',
      { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
      async (request, reply) => {
        const token = request.query.token;
        const used =
          token && token.length >= 10
            ? await consumeEmailToken(db, token, 'activation')
            : undefined;
        if (!used) return reply.redirect(pathFor('activate-error'));
        await db
          .updateTable('members')
          .set({ status: 'active', profile_status: 'enabled' })
          .where('id', '=', used.member_id)
          .where('site_id', '=', request.site.id)
          .where('status', '=', 'not_confirmed')
          .execute();
        // The browser that opened the link proved the address: it is the member's own.
        await trustThisBrowser(db, reply, used.member_id, cookiePolicyOf(config).secure);
        return reply.redirect(pathFor('activate-done'));
      },
    );
}
