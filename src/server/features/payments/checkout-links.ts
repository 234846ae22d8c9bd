import type { FastifyRequest } from 'fastify';
import { paymentsApi } from '@contract/endpoints/payments';
import { pathFor } from '@contract/routes';
import { siteOriginOf } from '@server/features/auth';
import type { CheckoutLinks } from './checkout-service';

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\]|::1)$/;

/** Where a payment of this request's site returns, and where the provider reports to. */
export function checkoutLinksOf(request: FastifyRequest): CheckoutLinks {
  const origin = siteOriginOf(request);
  return {
    statusUrlOf: (id) => `${origin}${pathFor('transactions-id', { id })}`,
    // A provider cannot reach a development machine: there the status page asks instead.
    webhookUrl: LOOPBACK.test(request.site.domain)
      ? undefined
      : `${origin}${paymentsApi.webhook.path}`,
    logProviderError: (error) => request.log.error({ err: error }, 'payment provider failed'),
  };
}
