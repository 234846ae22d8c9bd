import { timingSafeEqual } from 'node:crypto';
import { parse } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '@contract/endpoints/notifications';
import { pathFor } from '@contract/routes';
import { disableMemberEmail } from '@server/db/members-table';
import { AppError } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import type { NotificationKeys } from './notification-keys';
import { verifiedTokenId } from './unsubscribe-links';

/**
 * The one-click unsubscribe (RFC 8058) and the mail provider's bounce and complaint reports
 * (issue 31 item 5; spec §8 reasons listunsubscribe, bounce, fbl). Both are called by mail
 * systems, not browsers: no cookie, no CSRF token; each authenticates itself (a signed
 * single-use link, a shared secret).
 */
export async function unsubscribeRoutes(
  app: FastifyInstance,
  { services, keys }: { services: Services; keys: () => Promise<NotificationKeys> },
) {
  const { db, config } = services;
  // Scoped to this plugin: RFC 8058's body is `List-Unsubscribe=One-Click`, a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, parse(String(body))),
  );

  // A GET must change nothing (RFC 8058 §3: link scanners open links): to the page.
  registerEndpoint(app, notificationsApi.unsubscribeLink, async ({ reply }) =>
    reply.redirect(pathFor('notifications'), 303),
  );

  registerEndpoint(app, notificationsApi.unsubscribeOneClick, async ({ query }) => {
    const tokenId = verifiedTokenId((await keys()).linkSecret, query.token);
    if (!tokenId) throw new AppError('link_invalid', 'invalid');
    const done = await db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('notification_mails')
        .set({ used_at: new Date().toISOString() })
        .where('token_id', '=', tokenId)
        .where('used_at', 'is', null)
        .returning('member_id')
        .executeTakeFirst();
      if (!used) return false;
      await disableMemberEmail(trx, used.member_id, 'listunsubscribe');
      return true;
    });
    if (!done) throw new AppError('link_invalid', 'invalid');
    return { ok: true as const };
  });

  registerEndpoint(app, notificationsApi.mailReports, async ({ request, body }) => {
    const secret = config.MAIL_REPORTS_SECRET;
    const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
    if (!secret || given.length !== secret.length || !timingSafeEqual(given, Buffer.from(secret)))
      throw new AppError('forbidden', 'forbidden');
    await db.transaction().execute(async (trx) => {
      for (const report of body.reports)
        // The provider knows addresses, not sites: every account of the address is told.
        for (const member of await trx
          .selectFrom('members')
          .select('id')
          .where('email', '=', report.email)
          .execute())
          await disableMemberEmail(trx, member.id, report.type === 'complaint' ? 'fbl' : 'bounce');
    });
    return { ok: true as const };
  });
}
