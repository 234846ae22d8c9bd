import type { FastifyInstance } from 'fastify';
import { accountApi } from '@contract/endpoints/account';
import { AppError, invalidFields } from '@server/errors/app-error';
import {
  enqueueAccountMail,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '@server/features/auth';
import { findMemberByEmail, updateMember } from '@server/db/members-table';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';

/** The member's own e-mail address and password: the settings screen. */
export function credentialsRoutes(app: FastifyInstance, services: Services) {
  const { db, rateLimiter } = services;

  registerEndpoint(app, accountApi.account, async ({ reply, member }) => {
    reply.header('cache-control', 'no-store');
    return { account: { email: member.email, language: member.language, name: member.name } };
  });

  registerEndpoint(app, accountApi.changeEmail, async ({ request, member, body }) => {
    if (!(await rateLimiter.hit(`mail-change:${member.id}`, 5, 24 * 60 * 60))) {
      throw new AppError('too_many_requests', 'rate_limited');
    }
    if (!member.password_hash || !(await verifyPassword(member.password_hash, body.password))) {
      throw new AppError('password_wrong', 'forbidden');
    }
    if (body.new_email === member.email) throw invalidFields({ new_email: 'new_email_invalid' });
    // spec §5: 'Dit e-mailadres heeft al een account op deze site.'
    if (await findMemberByEmail(db, request.site.id, body.new_email))
      throw new AppError('email_taken', 'conflict');
    await enqueueAccountMail(services, db, request, {
      memberId: member.id,
      kind: 'mailChange',
      recipient: body.new_email,
    });
    services.jobs.wake();
    return { ok: true as const };
  });

  registerEndpoint(app, accountApi.changePassword, async ({ reply, member, body }) => {
    if (
      !member.password_hash ||
      !(await verifyPassword(member.password_hash, body.current_password))
    ) {
      throw new AppError('password_wrong', 'forbidden');
    }
    if (isCommonPassword(body.password)) throw invalidFields({ password: 'password_too_common' });
    await updateMember(db, member.id, {
      password_hash: await hashPassword(body.password),
      password_changed_at: new Date().toISOString(),
    });
    // DESIGN.md §5: a password change revokes every session; this browser gets a new one.
    await reply.restartSessions(member.id);
    return { ok: true as const };
  });
}
