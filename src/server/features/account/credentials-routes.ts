import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountAnswerSchema,
  mailChangeRequestSchema,
  okAnswerSchema,
  passwordChangeRequestSchema,
  tokenRequestSchema,
} from '@contract/account';
import { isCommonPassword } from '@server/features/auth/common-passwords';
import { hashPassword, verifyPassword } from '@server/features/auth/password-hashing';
import { deleteAllSessions } from '@server/features/auth/session-queries';
import { requireMember } from '@server/features/auth/session-plugin';
import { AppError } from '@server/errors/app-error';
import type { AccountDependencies } from './account-dependencies';
import { sendAccountMail } from './account-mails';
import { consumeEmailToken, createEmailToken } from './email-tokens';
import { findMemberByEmail } from './member-queries';

/** The member's own e-mail address and password: settings screen and mail-change link. */
export async function credentialsRoutes(app: FastifyInstance, deps: AccountDependencies) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, rateLimiter } = deps;

  routes.get(
    '/api/account.php',
    { schema: { response: { 200: accountAnswerSchema } } },
    async (request, reply) => {
      const member = requireMember(request);
      reply.header('cache-control', 'no-store');
      return { account: { email: member.email, language: member.language, name: member.name } };
    },
  );

  routes.put(
    '/api/email.php',
    { schema: { body: mailChangeRequestSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      const member = requireMember(request);
      if (!(await rateLimiter.hit(`mail-change:${member.id}`, 5, 24 * 60 * 60))) {
        throw new AppError('too_many_requests', 'rate_limited');
      }
      if (
        !member.password_hash ||
        !(await verifyPassword(member.password_hash, request.body.password))
      ) {
        throw new AppError('password_wrong', 'forbidden');
      }
      const newEmail = request.body.new_email;
      if (newEmail === member.email) {
        throw new AppError('validation_failed', 'invalid', {
          fields: { new_email: 'new_email_invalid' },
        });
      }
      // spec §5: 'Dit e-mailadres heeft al een account op deze site.'
      if (await findMemberByEmail(db, request.site.id, newEmail))
        throw new AppError('email_taken', 'conflict');
      const token = await createEmailToken(db, member.id, 'mail_change', newEmail);
      await sendAccountMail(deps, request, 'mailChange', member, token, newEmail);
      return { ok: true as const };
    },
  );

  routes.post(
    '/api/mail-change-do.php',
    { schema: { body: tokenRequestSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      const used = await consumeEmailToken(db, request.body.token, 'mail_change');
      if (!used?.new_email) throw new AppError('link_invalid', 'invalid');
      if (await findMemberByEmail(db, request.site.id, used.new_email))
        throw new AppError('email_taken', 'conflict');
      await db
        .updateTable('members')
        .set({ email: used.new_email })
        .where('id', '=', used.member_id)
        .where('site_id', '=', request.site.id)
        .execute();
      return { ok: true as const };
    },
  );

  routes.put(
    '/api/password.php',
    { schema: { body: passwordChangeRequestSchema, response: { 200: okAnswerSchema } } },
    async (request, reply) => {
      const member = requireMember(request);
      if (
        !member.password_hash ||
        !(await verifyPassword(member.password_hash, request.body.current_password))
      ) {
        throw new AppError('password_wrong', 'forbidden');
      }
      if (isCommonPassword(request.body.password)) {
        throw new AppError('validation_failed', 'invalid', {
          fields: { password: 'password_too_common' },
        });
      }
      await db
        .updateTable('members')
        .set({
          password_hash: await hashPassword(request.body.password),
          password_changed_at: new Date().toISOString(),
        })
        .where('id', '=', member.id)
        .execute();
      // DESIGN.md §5: a password change revokes every session; this browser gets a new one.
      await deleteAllSessions(db, member.id);
      await reply.startSession(member.id);
      return { ok: true as const };
    },
  );
}
