import { parse } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import { paymentsApi } from '@contract/endpoints/payments';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { handleWebhook } from './payment-sync';
import type { PaymentProvider } from './providers/payment-provider';

/**
 * The provider's webhook (issue 10). Mollie posts `id=tr_…` form-encoded, server to server:
 * the route opts out of CSRF through its contract object (crossSite), and nothing in the body
 * but the id is read. The answer is always 200 {ok}, for known and unknown ids alike.
 */
export function webhookRoutes(
  app: FastifyInstance,
  { db, events }: Services,
  provider: PaymentProvider | null,
) {
  // Scoped to this feature's plugin: no other route accepts form bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, parse(String(body))),
  );
  registerEndpoint(app, paymentsApi.webhook, async ({ request, body }) => {
    await handleWebhook({ db, events, provider }, request.site.id, body.id);
    return { ok: true as const };
  });
}
