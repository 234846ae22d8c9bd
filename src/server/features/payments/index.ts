import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { demoCheckoutRoutes } from './demo-checkout-routes';
import { directDebitRoutes } from './direct-debit-routes';
import { createPaymentProvider } from './payment-provider-of';
import { paymentRoutes } from './payment-routes';
import { webhookRoutes } from './webhook-routes';

// The payments feature: bundles and prices, checkout through a provider (demo or Mollie),
// exactly-once fulfilment, transactions, refunds, discounts and direct debit (issue 10).
export { applyProviderStatus } from './fulfilment';

export async function paymentsFeature(app: FastifyInstance, services: Services) {
  const { provider, demo } = createPaymentProvider(services.config);
  webhookRoutes(app, services, provider);
  paymentRoutes(app, services, provider);
  directDebitRoutes(app, services);
  if (demo) demoCheckoutRoutes(app, services, demo);
}
