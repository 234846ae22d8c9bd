import type { FastifyInstance } from 'fastify';
import { paymentsApi } from '@contract/endpoints/payments';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { paymentContextOf } from './payment-context';
import { setSpendingCap, spendingCapOf } from './spending-cap';

/** The member's own monthly limit on purchases (issue 31 item 9), in their payment currency. */
export function spendingCapRoutes(app: FastifyInstance, { db }: Services) {
  registerEndpoint(app, paymentsApi.spendingCap, async ({ request, reply, member }) => {
    const { currency } = paymentContextOf(request.site, member.country, false);
    reply.header('cache-control', 'private, no-store');
    return spendingCapOf(db, member.id, currency, new Date());
  });

  registerEndpoint(app, paymentsApi.setSpendingCap, async ({ request, member, body }) => {
    const { currency } = paymentContextOf(request.site, member.country, false);
    const now = new Date();
    await setSpendingCap(db, member.id, currency, body.cap_cents, now);
    return spendingCapOf(db, member.id, currency, now);
  });
}
