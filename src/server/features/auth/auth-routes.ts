import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountDeletionApi } from '@contract/endpoints/account-deletion';
import { authApi } from '@contract/endpoints/auth';
import {
  findMemberById,
  keepToldTimeZone,
  restoreDeleted,
  updateMember,
} from '@server/db/members-table';
import { AppError } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { cookiePolicyOf } from './cookie-policy';
import { DEVICE_COOKIE, setDeviceCookie } from './device-cookie';
import { logIn } from './login-service';
import { presentLoggedInUser } from './user-presenter';

const LOGIN_WINDOW_SECONDS = 15 * 60;

// spec §7: GET/POST/PUT /api/user.php and GET /api/logout.php.
export function authRoutes(app: FastifyInstance, services: Services) {
  const { db, rateLimiter, config } = services;
  registerEndpoint(app, authApi.user, async ({ request, reply, member }) => {
    reply.header('cache-control', 'no-store');
    if (!member) return { user: null };
    return { user: await presentLoggedInUser(db, member, request.site.settings.cdn_prefix) };
  });

  // Per address, against password spraying across many accounts; counted before the body is
  // read, so a refused address costs no parsing (issue 29 item 9).
  const withinLoginLimit = async (request: FastifyRequest) => {
    const limit = config.LOGINS_PER_IP_PER_15_MINUTES;
    if (!(await rateLimiter.hit(`login-ip:${request.ip}`, limit, LOGIN_WINDOW_SECONDS))) {
      throw new AppError('too_many_requests', 'rate_limited');
    }
  };

  registerEndpoint(
    app,
    authApi.logIn,
    async ({ request, reply, body }) => {
      const { member, newDeviceToken } = await logIn(
        db,
        request.site.id,
        body,
        request.cookies[DEVICE_COOKIE],
        { maxFailures: config.LOGIN_MAX_FAILURES, lockoutMinutes: config.LOGIN_LOCKOUT_MINUTES },
      );
      if (newDeviceToken) setDeviceCookie(reply, newDeviceToken, cookiePolicyOf(config).secure);
      // Where the member is now: their day in the swipe game ends at its midnight (spec §9).
      // A new zone waits for the end of the member's current day (issue 29 item 8).
      if (body.time_zone) await keepToldTimeZone(db, member, body.time_zone);
      await reply.startSession(member.id);
      return { user: await presentLoggedInUser(db, member, request.site.settings.cdn_prefix) };
    },
    { beforeBody: withinLoginLimit },
  );

  // Issue 31 item 7, spec §9: the undo of a deletion within 14 days, offered when the login
  // answered account_deleted_restorable. The same checks as a login (lockout, address limit),
  // then the account comes back intact with a new session.
  registerEndpoint(
    app,
    accountDeletionApi.restoreAccount,
    async ({ request, reply, body }) => {
      const policy = {
        maxFailures: config.LOGIN_MAX_FAILURES,
        lockoutMinutes: config.LOGIN_LOCKOUT_MINUTES,
      };
      const { member } = await logIn(
        db,
        request.site.id,
        body,
        request.cookies[DEVICE_COOKIE],
        policy,
        {
          restoring: true,
        },
      );
      if (member.status === 'deleted' && !(await restoreDeleted(db, member.id)))
        throw new AppError('account_restore_expired', 'forbidden');
      const restored = member.status === 'deleted' ? await findMemberById(db, member.id) : member;
      if (!restored) throw new AppError('login_failed', 'unauthenticated');
      await reply.startSession(member.id);
      await services.domainEvents.publish('member.restored', {
        memberId: member.id,
        siteId: request.site.id,
      });
      return { user: await presentLoggedInUser(db, restored, request.site.settings.cdn_prefix) };
    },
    { beforeBody: withinLoginLimit },
  );

  registerEndpoint(app, authApi.changeLanguage, async ({ request, member, body }) => {
    await updateMember(db, member.id, { language: body.language });
    const updated = { ...member, language: body.language };
    return { user: await presentLoggedInUser(db, updated, request.site.settings.cdn_prefix) };
  });

  registerEndpoint(app, authApi.logOut, async ({ reply }) => {
    await reply.endSession();
    return { ok: true as const };
  });
}
