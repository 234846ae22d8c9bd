import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountApi } from '@contract/endpoints/account';
import { AppError, invalidFields } from '@server/errors/app-error';
import { findMemberByEmail, findMemberById, updateSiteMember } from '@server/db/members-table';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { enqueueAccountMail } from './auth-mails';
import { isCommonPassword } from './common-passwords';
import { cookiePolicyOf } from './cookie-policy';
import { trustThisBrowser } from './device-cookie';
import { consumeEmailToken, voidEmailTokens } from './email-tokens';
import { clearLoginFailures, loginSubject } from './login-lockout';
import { hashPassword } from './password-hashing';
import { withinResetMailLimits } from './reset-mail-limits';

/** spec §2 reset-password and reset-password-do: a mailed link, valid 30 minutes, used once. */
export function passwordResetRoutes(app: FastifyInstance, services: Services) {
  const { db, rateLimiter, config } = services;

  // Per address, counted before the body is read (issue 29 item 9).
  const withinAddressLimit = async (request: FastifyRequest) => {
    if (!(await rateLimiter.hit(`reset-ip:${request.ip}`, 10, 60 * 60))) {
      throw new AppError('too_many_requests', 'rate_limited');
    }
  };

  registerEndpoint(
    app,
    accountApi.requestPasswordReset,
    async ({ request, body }) => {
      const member = await findMemberByEmail(db, request.site.id, body.email);
      // spec §8 'E-mailadres niet gevonden': the product tells; the IP limit above slows probing.
      if (!member) throw new AppError('email_not_found', 'not_found');
      if (!(await withinResetMailLimits(services, request, member.id))) {
        throw new AppError('reset_limit_reached', 'rate_limited');
      }
      await enqueueAccountMail(services, db, request, { memberId: member.id, kind: 'reset' });
      services.jobs.wake();
      return { ok: true as const };
    },
    { beforeBody: withinAddressLimit },
  );

  registerEndpoint(app, accountApi.resetPassword, async ({ request, reply, body }) => {
    if (isCommonPassword(body.password)) throw invalidFields({ password: 'password_too_common' });
    const passwordHash = await hashPassword(body.password);
    const used = await consumeEmailToken(db, body.token, 'reset');
    if (!used) throw new AppError('link_invalid', 'invalid');
    const changed = await updateSiteMember(db, request.site.id, used.member_id, {
      password_hash: passwordHash,
      password_changed_at: new Date().toISOString(),
    });
    if (!changed) throw new AppError('link_invalid', 'invalid');
    // Every other reset link dies, every session ends, and old lockouts no longer apply.
    await voidEmailTokens(db, used.member_id, 'reset');
    await app.endAllSessions(used.member_id);
    const member = await findMemberById(db, used.member_id);
    if (member) await clearLoginFailures(db, loginSubject(member.site_id, member.email));
    // The browser that proved the address is the member's own (issue 7 §5.2).
    await trustThisBrowser(db, reply, used.member_id, cookiePolicyOf(config).secure);
    return { ok: true as const };
  });
}
