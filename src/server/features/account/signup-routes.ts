import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeSignupRequestSchema,
  signupRequestSchema,
  userAnswerSchema,
} from '@contract/account';
import { featuredAnswerSchema } from '@contract/members';
import { cookiePolicyOf } from '@server/features/auth/cookie-policy';
import { trustThisBrowser } from '@server/features/auth/device-cookie';
import { requireMember } from '@server/features/auth/session-plugin';
import { isRegionOf } from '@server/features/geo/regions';
import { presentProfileCard } from '@server/features/members/profile-card';
import { requestLocale } from '@server/features/settings/request-locale';
import { AppError } from '@server/errors/app-error';
import type { AccountDependencies } from './account-dependencies';
import { sendAccountMail } from './account-mails';
import { createEmailToken } from './email-tokens';
import { findMemberById } from './member-queries';
import { signUp } from './signup-service';
import { listSignupMatches } from './signup-matches-queries';
import { presentLoggedInUser } from './user-presenter';

export async function signupRoutes(app: FastifyInstance, deps: AccountDependencies) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, rateLimiter } = deps;

  routes.post(
    '/api/signup.php',
    { schema: { body: signupRequestSchema, response: { 200: userAnswerSchema } } },
    async (request, reply) => {
      const withinLimits =
        (await rateLimiter.hit(`signup-ip:${request.ip}`, 10, 60 * 60)) &&
        (await rateLimiter.hit(`signup-email:${request.body.email}`, 5, 60 * 60));
      if (!withinLimits) throw new AppError('too_many_requests', 'rate_limited');
      const { settings } = request.site;
      const geoip = deps.config.GEOIP_COUNTRY_HEADER
        ? String(request.headers[deps.config.GEOIP_COUNTRY_HEADER] ?? '').toUpperCase()
        : '';
      const member = await signUp(db, request.site, request.body, {
        locale: requestLocale(request),
        country: settings.countries.includes(geoip) ? geoip : settings.countries[0]!,
      });
      const token = await createEmailToken(db, member.id, 'activation');
      try {
        await sendAccountMail(deps, request, 'activation', member, token);
      } catch (error) {
        // The account stands; the member can ask for the mail again from the reminder.
        request.log.error({ err: error }, 'activation mail failed');
      }
      await reply.startSession(member.id);
      // The browser that signed up is the member's own (issue 7 §5.2).
      await trustThisBrowser(db, reply, member.id, cookiePolicyOf(deps.config).secure);
      return { user: await presentLoggedInUser(db, member, settings.cdn_prefix) };
    },
  );

  routes.get(
    '/api/signup-matches.php',
    { schema: { response: { 200: featuredAnswerSchema } } },
    async (request) => {
      const member = requireMember(request);
      const rows = await listSignupMatches(db, member, 12);
      return {
        profiles: rows.map((row) => presentProfileCard(row, request.site.settings.cdn_prefix)),
      };
    },
  );

  routes.post(
    '/api/complete-signup.php',
    { schema: { body: completeSignupRequestSchema, response: { 200: userAnswerSchema } } },
    async (request) => {
      const member = requireMember(request);
      const { gender, seeking, country, region } = request.body;
      if (!request.site.settings.countries.includes(country)) {
        throw new AppError('validation_failed', 'invalid', {
          fields: { country: 'invalid_value' },
        });
      }
      if (region !== null && !isRegionOf(country, region)) {
        throw new AppError('validation_failed', 'invalid', { fields: { region: 'invalid_value' } });
      }
      await db
        .updateTable('members')
        .set({ gender, seeking, country, region })
        .where('id', '=', member.id)
        .execute();
      const updated = await findMemberById(db, member.id);
      return { user: await presentLoggedInUser(db, updated!, request.site.settings.cdn_prefix) };
    },
  );

  routes.post(
    '/api/activation-mail.php',
    {
      schema: {
        body: z.object({}).optional(),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const member = requireMember(request);
      if (member.status !== 'not_confirmed') throw new AppError('already_active', 'conflict');
      if (!(await rateLimiter.hit(`activation-mail:${member.id}`, 3, 24 * 60 * 60))) {
        throw new AppError('too_many_requests', 'rate_limited');
      }
      const token = await createEmailToken(db, member.id, 'activation');
      await sendAccountMail(deps, request, 'activation', member, token);
      return { ok: true as const };
    },
  );
}
