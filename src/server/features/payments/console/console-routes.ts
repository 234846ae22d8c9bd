import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminBusinessApi as api } from '@contract/endpoints/admin-business';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import type { PaymentProvider } from '../providers/payment-provider';
import {
  changeDiscountCode,
  createDiscountCode,
  discountCodeUses,
  listDiscountCodes,
} from '../discount-codes-table';
import { refundAsStaff } from '../staff-refund';
import { listDebts } from './debt-list';
import { changeDirectDebitRules, directDebitRulesOf } from './direct-debit-rules';
import { findSitePayment, listPayments } from './payment-list';

// Issue 30 items 7 and 8: discount codes, transactions, refunds, debts and the direct-debit
// rules in the console, for owners and admins of the request's site (register-endpoint.ts).
export function consoleRoutes(
  app: FastifyInstance,
  { db, events }: Services,
  provider: PaymentProvider | null,
) {
  registerEndpoint(app, api.discountCodes, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    return { codes: await listDiscountCodes(db, request.site.id) };
  });
  registerEndpoint(app, api.createDiscountCode, async ({ request, staff, body }) => ({
    code: await createDiscountCode(db, staff, request.site.id, body),
  }));
  registerEndpoint(app, api.changeDiscountCode, async ({ request, staff, body }) => ({
    code: await changeDiscountCode(db, staff, request.site.id, body),
  }));
  registerEndpoint(app, api.discountCodeUses, async ({ request, reply, query }) => {
    reply.header('cache-control', 'no-store');
    return { uses: await discountCodeUses(db, request.site.id, query.id) };
  });

  registerEndpoint(app, api.transactions, async ({ request, reply, query }) => {
    reply.header('cache-control', 'no-store');
    return listPayments(db, request.site.id, query);
  });
  registerEndpoint(app, api.refund, async ({ request, staff, body }) => {
    await refundAsStaff(db, provider, events, {
      staff,
      siteId: request.site.id,
      paymentId: body.payment,
      amountCents: body.amount_cents,
    });
    return { payment: await findSitePayment(db, request.site.id, body.payment) };
  });
  registerEndpoint(app, api.debts, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    return { debts: await listDebts(db, request.site.id) };
  });

  const siteLimitOf = (request: FastifyRequest) =>
    request.site.settings.payments.direct_debit_monthly_limit;
  registerEndpoint(app, api.directDebit, async ({ request, reply, query }) => {
    reply.header('cache-control', 'no-store');
    return {
      direct_debit: await directDebitRulesOf(
        db,
        request.site.id,
        query.member,
        siteLimitOf(request),
      ),
    };
  });
  registerEndpoint(app, api.changeDirectDebit, async ({ request, staff, body }) => ({
    direct_debit: await changeDirectDebitRules(
      db,
      staff,
      request.site.id,
      body,
      siteLimitOf(request),
    ),
  }));
}
