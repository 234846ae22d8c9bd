import { type Config, paymentProviderOf } from '@server/config';
import type { Db } from '@server/db/database';
import { type DemoProvider, demoProvider } from './providers/demo-provider';
import { mollieProvider } from './providers/mollie-provider';
import type { PaymentProvider } from './providers/payment-provider';

/** The provider the configuration asks for (docs/payments.md); null: payments are off. */
export function createPaymentProvider(
  config: Config,
  db: Db,
): {
  provider: PaymentProvider | null;
  demo: DemoProvider | null;
} {
  const kind = paymentProviderOf(config);
  if (kind === 'mollie' && config.MOLLIE_API_KEY)
    return {
      provider: mollieProvider({
        apiKey: config.MOLLIE_API_KEY,
        apiEndpoint: config.MOLLIE_API_ENDPOINT,
      }),
      demo: null,
    };
  if (kind === 'demo') {
    const demo = demoProvider(db);
    return { provider: demo, demo };
  }
  return { provider: null, demo: null };
}
