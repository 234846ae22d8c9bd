import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { consoleRoutes } from './console/console-routes';
import { demoCheckoutRoutes } from './demo-checkout-routes';
import { directDebitRoutes } from './direct-debit-routes';
import { paymentRoutes } from './payment-routes';
import { resumePendingRefunds } from './refund-service';
import { spendingCapRoutes } from './spending-cap-routes';
import { webhookRoutes } from './webhook-routes';

// The payments feature: bundles and prices, checkout through a provider (demo or Mollie),
// exactly-once fulfilment, transactions, refunds, discounts and direct debit (issue 10).
export { applyProviderStatus } from './fulfilment';
export { paymentPageChecks } from './payment-page-checks';
export { erasePaymentDetails, forgetProviderCustomers } from './member-erasure';
export { membersWithSpendingCap, monthSpendingOf } from './spending-summary';
export type { PaymentProvider } from './providers/payment-provider';
// For tests that talk to the local Mollie fake with a provider of their own.
export { mollieProvider } from './providers/mollie-provider';

export async function paymentsFeature(app: FastifyInstance, services: Services) {
  // Built in the composition root (services.ts), as every outside client.
  const { provider, demo } = services.payments;
  webhookRoutes(app, services, provider);
  paymentRoutes(app, services, provider);
  directDebitRoutes(app, services, provider);
  spendingCapRoutes(app, services);
  consoleRoutes(app, services, provider);
  if (demo) demoCheckoutRoutes(app, services, demo);

  // Refunds a crash or a provider fault left requested are finished by a sweep (issue 10 §7),
  // a job run every 5 minutes once per deployment (issue 31 item 1).
  services.jobs.work('refunds.resume', async () => {
    await resumePendingRefunds(services.db, provider, services.events);
  });
  services.jobs.schedule('refunds.resume', '*/5 * * * *', {});
}

declare module '@server/jobs' {
  interface JobPayloads {
    'refunds.resume': Record<string, never>;
  }
}
