import type { FastifyInstance } from 'fastify';
import { accountApi } from '@contract/endpoints/account';
import { AppError } from '@server/errors/app-error';
import { findMemberByEmail, updateSiteMember } from '@server/db/members-table';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { consumeEmailToken } from './email-tokens';

/** spec §2 mail-change-do: the link mailed to the new address proves it and makes it the login. */
export function mailChangeRoutes(app: FastifyInstance, { db }: Services) {
  registerEndpoint(app, accountApi.confirmMailChange, async ({ request, body }) => {
    const used = await consumeEmailToken(db, body.token, 'mail_change');
    if (!used?.new_email) throw new AppError('link_invalid', 'invalid');
    if (await findMemberByEmail(db, request.site.id, used.new_email))
      throw new AppError('email_taken', 'conflict');
    await updateSiteMember(db, request.site.id, used.member_id, { email: used.new_email });
    return { ok: true as const };
  });
}
