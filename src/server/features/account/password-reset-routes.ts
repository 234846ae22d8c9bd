import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okAnswerSchema, resetDoRequestSchema, resetRequestSchema } from '@contract/account';
import { isCommonPassword } from '@server/features/auth/common-passwords';
import { hashPassword } from '@server/features/auth/password-hashing';
import { cookiePolicyOf } from '@server/features/auth/cookie-policy';
import { trustThisBrowser } from '@server/features/auth/device-cookie';
import { clearLoginFailures, loginSubject } from '@server/features/auth/login-lockout';
import { deleteAllSessions } from '@server/features/auth/session-queries';
import { AppError } from '@server/errors/app-error';
import type { AccountDependencies } from './account-dependencies';
import { sendAccountMail } from './account-mails';
import { consumeEmailToken, createEmailToken, voidEmailTokens } from './email-tokens';
import { findMemberByEmail, findMemberById } from './member-queries';
import { withinResetMailLimits } from './reset-mail-limits';

export async function passwordResetRoutes(app: FastifyInstance, deps: AccountDependencies) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, rateLimiter } = deps;

  routes.post(
    '/api/reset-password.php',
    { schema: { body: resetRequestSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      if (!(await rateLimiter.hit(`reset-ip:${request.ip}`, 10, 60 * 60))) {
        throw new AppError('too_many_requests', 'rate_limited');
      }
      const member = await findMemberByEmail(db, request.site.id, request.body.email);
      // spec §8 'E-mailadres niet gevonden': the product tells; the IP limit above slows probing.
      if (!member) throw new AppError('email_not_found', 'not_found');
      if (!(await withinResetMailLimits(deps, request, member.id))) {
        throw new AppError('reset_limit_reached', 'rate_limited');
      }
      const token = await createEmailToken(db, member.id, 'reset');
      await sendAccountMail(deps, request, 'reset', member, token);
      return { ok: true as const };
    },
  );

  routes.post(
    '/api/reset-password-do.php',
    { schema: { body: resetDoRequestSchema, response: { 200: okAnswerSchema } } },
    async (request, reply) => {
      if (isCommonPassword(request.body.password)) {
        throw new AppError('validation_failed', 'invalid', {
          fields: { password: 'password_too_common' },
        });
      }
      const passwordHash = await hashPassword(request.body.password);
      const used = await consumeEmailToken(db, request.body.token, 'reset');
      if (!used) throw new AppError('link_invalid', 'invalid');
      const changed = await db
        .updateTable('members')
        .set({ password_hash: passwordHash, password_changed_at: new Date().toISOString() })
        .where('id', '=', used.member_id)
        .where('site_id', '=', request.site.id)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) throw new AppError('link_invalid', 'invalid');
      // Every other reset link dies, every session ends, and old lockouts no longer apply.
      await voidEmailTokens(db, used.member_id, 'reset');
      await deleteAllSessions(db, used.member_id);
      const member = await findMemberById(db, used.member_id);
      if (member) await clearLoginFailures(db, loginSubject(member.site_id, member.email));
      // The browser that proved the address is the member's own (issue 7 §5.2).
      await trustThisBrowser(db, reply, used.member_id, cookiePolicyOf(deps.config).secure);
      return { ok: true as const };
    },
  );
}
