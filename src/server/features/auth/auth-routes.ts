import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  languageRequestSchema,
  loginRequestSchema,
  okAnswerSchema,
  userAnswerSchema,
} from '@contract/account';
import { isLocale } from '@contract/locales';
import { presentLoggedInUser } from '@server/features/account/user-presenter';
import type { AccountDependencies } from '@server/features/account/account-dependencies';
import { AppError } from '@server/errors/app-error';
import { cookiePolicyOf } from './cookie-policy';
import { DEVICE_COOKIE, setDeviceCookie } from './device-cookie';
import { logIn } from './login-service';
import { requireMember } from './session-plugin';

// spec §7: GET/POST/PUT /api/user.php and GET /api/logout.php.
export async function authRoutes(app: FastifyInstance, deps: AccountDependencies) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, rateLimiter, config } = deps;

  routes.get(
    '/api/user.php',
    { schema: { response: { 200: userAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.member) return { user: null };
      return {
        user: await presentLoggedInUser(db, request.member, request.site.settings.cdn_prefix),
      };
    },
  );

  routes.post(
    '/api/user.php',
    { schema: { body: loginRequestSchema, response: { 200: userAnswerSchema } } },
    async (request, reply) => {
      // Per-IP limit against password spraying across many accounts.
      if (!(await rateLimiter.hit(`login-ip:${request.ip}`, 30, 15 * 60))) {
        throw new AppError('too_many_requests', 'rate_limited');
      }
      const { member, newDeviceToken } = await logIn(
        db,
        request.site.id,
        request.body,
        request.cookies[DEVICE_COOKIE],
        { maxFailures: config.LOGIN_MAX_FAILURES, lockoutMinutes: config.LOGIN_LOCKOUT_MINUTES },
      );
      if (newDeviceToken) setDeviceCookie(reply, newDeviceToken, cookiePolicyOf(config).secure);
      await reply.startSession(member.id);
      return { user: await presentLoggedInUser(db, member, request.site.settings.cdn_prefix) };
    },
  );

  routes.put(
    '/api/user.php',
    { schema: { body: languageRequestSchema, response: { 200: userAnswerSchema } } },
    async (request) => {
      const member = requireMember(request);
      if (!isLocale(request.body.language)) {
        throw new AppError('validation_failed', 'invalid', {
          fields: { language: 'invalid_value' },
        });
      }
      await db
        .updateTable('members')
        .set({ language: request.body.language })
        .where('id', '=', member.id)
        .execute();
      return {
        user: await presentLoggedInUser(
          db,
          { ...member, language: request.body.language },
          request.site.settings.cdn_prefix,
        ),
      };
    },
  );

  routes.get(
    '/api/logout.php',
    // A state change behind a GET (spec §7): it asks for the CSRF header like a POST would.
    { schema: { response: { 200: okAnswerSchema } }, config: { csrf: true } },
    async (_request, reply) => {
      await reply.endSession();
      return { ok: true as const };
    },
  );
}
