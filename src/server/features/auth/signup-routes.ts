import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountApi } from '@contract/endpoints/account';
import { AppError } from '@server/errors/app-error';
import { requestCountry, requestLocale } from '@server/features/settings';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { enqueueAccountMail } from './auth-mails';
import { cookiePolicyOf } from './cookie-policy';
import { trustThisBrowser } from './device-cookie';
import { signUp } from './signup-service';
import { presentLoggedInUser } from './user-presenter';

const HOUR_SECONDS = 60 * 60;

/** spec §5 signup, and the activation mail again from the reminder (spec §2). */
export function signupRoutes(app: FastifyInstance, services: Services) {
  const { db, rateLimiter, config } = services;

  // Per address, counted before the body is read (issue 29 item 9); per e-mail address below.
  const withinAddressLimit = async (request: FastifyRequest) => {
    const limit = config.SIGNUPS_PER_IP_PER_HOUR;
    if (!(await rateLimiter.hit(`signup-ip:${request.ip}`, limit, HOUR_SECONDS))) {
      throw new AppError('too_many_requests', 'rate_limited');
    }
  };

  registerEndpoint(
    app,
    accountApi.signUp,
    async ({ request, reply, body }) => {
      if (!(await rateLimiter.hit(`signup-email:${body.email}`, 5, HOUR_SECONDS)))
        throw new AppError('too_many_requests', 'rate_limited');
      const { settings } = request.site;
      // The country settings.php names for this visitor: the one chosen on /lang-config first
      // (issue 25 item 4), then the geoip country; the complete-signup form starts from it.
      const member = await signUp(db, request.site, body, {
        locale: requestLocale(request),
        country: requestCountry(request, config.GEOIP_COUNTRY_HEADER),
        // The activation mail is committed with the account (issue 31 item 1).
        inTransaction: (trx, memberId) =>
          enqueueAccountMail(services, trx, request, { memberId, kind: 'activation' }),
      });
      services.jobs.wake();
      await reply.startSession(member.id);
      // The browser that signed up is the member's own (issue 7 §5.2).
      await trustThisBrowser(db, reply, member.id, cookiePolicyOf(config).secure);
      return { user: await presentLoggedInUser(db, member, settings.cdn_prefix) };
    },
    { beforeBody: withinAddressLimit },
  );

  registerEndpoint(app, accountApi.resendActivationMail, async ({ request, member }) => {
    if (member.status !== 'not_confirmed') throw new AppError('already_active', 'conflict');
    if (!(await rateLimiter.hit(`activation-mail:${member.id}`, 3, 24 * HOUR_SECONDS))) {
      throw new AppError('too_many_requests', 'rate_limited');
    }
    await enqueueAccountMail(services, db, request, { memberId: member.id, kind: 'activation' });
    services.jobs.wake();
    return { ok: true as const };
  });
}
