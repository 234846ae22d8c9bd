import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { demoCheckoutRoutes } from './demo-checkout-routes';
import { directDebitRoutes } from './direct-debit-routes';
import { paymentRoutes } from './payment-routes';
import { resumePendingRefunds } from './refund-service';
import { webhookRoutes } from './webhook-routes';

// The payments feature: bundles and prices, checkout through a provider (demo or Mollie),
// exactly-once fulfilment, transactions, refunds, discounts and direct debit (issue 10).
export { applyProviderStatus } from './fulfilment';

export async function paymentsFeature(app: FastifyInstance, services: Services) {
  // Built in the composition root (services.ts), as every outside client.
  const { provider, demo } = services.payments;
  webhookRoutes(app, services, provider);
  paymentRoutes(app, services, provider);
  directDebitRoutes(app, services, provider);
  if (demo) demoCheckoutRoutes(app, services, demo);

  // Refunds a crash or a provider fault left requested are finished by a sweep (issue 10 §7).
  const sweep = () => {
    resumePendingRefunds(services.db, provider, services.events).catch((error: unknown) =>
      app.log.error({ err: error }, 'resuming pending refunds failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (services.config.NODE_ENV === 'test') return;
    sweep();
    timer = setInterval(sweep, REFUND_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

const REFUND_SWEEP_MS = 5 * 60 * 1000;
