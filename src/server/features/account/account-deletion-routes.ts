import type { FastifyInstance } from 'fastify';
import { accountDeletionApi } from '@contract/endpoints/account-deletion';
import { markDeleted } from '@server/db/members-table';
import { AppError } from '@server/errors/app-error';
import { verifyPassword } from '@server/features/auth';
import { findCompany } from '@server/features/settings';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { findRetentionDiscount, takeRetentionDiscount } from './retention-discount';

/** Wrong passwords a member may try at the deletion step per hour (then too_many_requests). */
const DELETION_TRIES_PER_HOUR = 10;

/**
 * spec §1 "account deletion with retention offers": the offer first (a discount code or
 * invisible mode), then the password; the account is then deleted, every session and socket
 * of the member ends on every instance, and it can be restored for 14 days (the login's
 * account_deleted_restorable, then account-restore.php). docs/account-lifecycle.md.
 */
export function accountDeletionRoutes(app: FastifyInstance, services: Services) {
  const { db, rateLimiter } = services;
  const deleteDiscountOf = async (companyId: number) =>
    (await findCompany(db, companyId))?.delete_discount ?? 0;

  registerEndpoint(app, accountDeletionApi.retentionOffer, async ({ request, reply, member }) => {
    reply.header('cache-control', 'no-store');
    return {
      offer: {
        discount_percentage: await deleteDiscountOf(request.site.companyId),
        discount: await findRetentionDiscount(db, request.site.id, member.id),
        invisible: member.is_invisible,
      },
    };
  });

  registerEndpoint(app, accountDeletionApi.takeRetentionDiscount, async ({ request, member }) => {
    const percentage = await deleteDiscountOf(request.site.companyId);
    if (percentage <= 0) throw new AppError('discount_not_found', 'not_found');
    return {
      discount: await takeRetentionDiscount(db, request.site.id, member.id, percentage),
    };
  });

  registerEndpoint(
    app,
    accountDeletionApi.deleteAccount,
    async ({ request, reply, member, body }) => {
      if (!(await rateLimiter.hit(`account-deletion:${member.id}`, DELETION_TRIES_PER_HOUR, 3600)))
        throw new AppError('too_many_requests', 'rate_limited');
      if (!member.password_hash || !(await verifyPassword(member.password_hash, body.password)))
        throw new AppError('password_wrong', 'forbidden');
      await markDeleted(db, member.id);
      // Every session and socket of the member, on every instance (the session plugin's
      // listeners close the sockets through Redis); this browser's cookie goes too.
      await app.endAllSessions(member.id);
      await reply.endSession();
      await services.domainEvents.publish('member.deleted', {
        memberId: member.id,
        siteId: request.site.id,
      });
      return { ok: true as const };
    },
  );
}

declare module '@server/domain-events' {
  interface DomainEventMap {
    /** A member deleted their account (restorable for 14 days; then erased). */
    'member.deleted': { memberId: number; siteId: number };
    /** A deleted account was restored within its 14 days. */
    'member.restored': { memberId: number; siteId: number };
  }
}
