// The named export: under Node's ESM loader the CommonJS default is the module object.
import {
  type Payment,
  type PaymentMethod as MolliePaymentMethod,
  createMollieClient,
} from '@mollie/api-client';
import { PAYMENT_STATUSES, type PaymentStatus } from '@contract/payments';
import {
  type PaymentProvider,
  type ProviderPayment,
  toCents,
  toDecimalAmount,
} from './payment-provider';

export interface MollieOptions {
  apiKey: string;
  /** Another API address: the tests point the real client at a local fake of Mollie. */
  apiEndpoint?: string | undefined;
}

/** Mollie's statuses mapped onto ours; authorized (card captures later) is still pending. */
function statusOf(payment: Payment): PaymentStatus {
  if (payment.status === 'authorized') return 'pending';
  return (PAYMENT_STATUSES as readonly string[]).includes(payment.status)
    ? (payment.status as PaymentStatus)
    : 'pending';
}

function present(payment: Payment): ProviderPayment {
  const metadata = payment.metadata as { payment_id?: unknown } | null;
  const paymentId = Number(metadata?.payment_id);
  return {
    id: payment.id,
    status: statusOf(payment),
    amountCents: toCents(payment.amount.value),
    currency: payment.amount.currency,
    paymentId: Number.isInteger(paymentId) && paymentId > 0 ? paymentId : null,
    checkoutUrl: payment.getCheckoutUrl() ?? null,
  };
}

/**
 * Mollie through its official Node client (issue 10). Payments are created with our payment
 * id as idempotency key, so a retried create never makes a second payment; the webhook's id
 * is only a hint to ask Mollie, whose answer is the truth.
 */
export function mollieProvider({ apiKey, apiEndpoint }: MollieOptions): PaymentProvider {
  const mollie = createMollieClient({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}) });
  return {
    name: 'mollie',
    async createPayment(payment) {
      const created = await mollie.payments.create({
        amount: { currency: payment.currency, value: toDecimalAmount(payment.amountCents) },
        description: payment.description,
        redirectUrl: payment.redirectUrl,
        ...(payment.webhookUrl ? { webhookUrl: payment.webhookUrl } : {}),
        method: payment.method as MolliePaymentMethod,
        ...(payment.issuer ? { issuer: payment.issuer } : {}),
        metadata: { payment_id: payment.paymentId },
        idempotencyKey: payment.idempotencyKey,
      });
      return present(created);
    },
    async getPayment(id) {
      // Mollie's ids look like tr_…; anything else cannot be one of its payments.
      if (!/^tr_\w+$/.test(id)) return null;
      try {
        return present(await mollie.payments.get(id));
      } catch (error) {
        // The client's ApiError is not exported; its statusCode tells an unknown id.
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return null;
        throw error;
      }
    },
    async refundPayment(id, amount) {
      await mollie.paymentRefunds.create({
        paymentId: id,
        amount: { currency: amount.currency, value: toDecimalAmount(amount.cents) },
        idempotencyKey: `refund:${id}`,
      });
    },
  };
}
