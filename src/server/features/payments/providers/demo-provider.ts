import { randomBytes } from 'node:crypto';
import type { PaymentStatus } from '@contract/payments';
import {
  type NewProviderPayment,
  type PaymentProvider,
  type ProviderPayment,
  RefundRefused,
  type StoredMandate,
  mandateMethodOf,
} from './payment-provider';

/** What the tester picks on the demo checkout page (a provider's test mode, issue 10). */
export const DEMO_OUTCOMES = [
  'paid',
  'failed',
  'canceled',
  'expired',
  'pending-then-paid',
] as const;
export type DemoOutcome = (typeof DEMO_OUTCOMES)[number];

interface DemoPayment {
  payment: NewProviderPayment;
  id: string;
  status: PaymentStatus;
  /** For pending-then-paid: when the "bank" confirms. */
  paidAt: number | null;
}

export interface DemoProvider extends PaymentProvider {
  readonly recurring: NonNullable<PaymentProvider['recurring']>;
  /** The tester's choice on the checkout page; answers where the browser goes next. */
  complete(id: string, outcome: DemoOutcome): { redirectUrl: string; webhookUrl?: string } | null;
  describe(id: string): NewProviderPayment | null;
}

/** How long a pending-then-paid payment (or a demo SEPA debit) stays pending. */
const PENDING_MS = 3000;

/** The test card and account a demo first payment leaves as a mandate (as in a test mode). */
const DEMO_LAST_DIGITS = { creditcard: '4242', directdebit: '5678', paypal: null } as const;

/**
 * The built-in demo provider: plays a provider's test mode in process, with its own checkout
 * page (demo-checkout-routes.ts). Its payments live in memory, so they end with the process;
 * never offered in production unless PAYMENT_PROVIDER=demo asks for it (config.ts).
 */
export function demoProvider(now: () => number = Date.now): DemoProvider {
  const payments = new Map<string, DemoPayment>();
  const byKey = new Map<string, string>();
  const mandates = new Map<string, StoredMandate[]>();

  /** A paid first payment leaves a mandate on its customer, as at a real provider. */
  const settle = (demo: DemoPayment, status: PaymentStatus) => {
    demo.status = status;
    const { customerId, sequenceType, method } = demo.payment;
    if (status !== 'paid' || sequenceType !== 'first' || !customerId) return;
    const mandateMethod = mandateMethodOf(method);
    const mandate: StoredMandate = {
      id: `demo_mdt_${randomBytes(6).toString('base64url')}`,
      method: mandateMethod,
      lastDigits: DEMO_LAST_DIGITS[mandateMethod],
    };
    mandates.set(customerId, [mandate, ...(mandates.get(customerId) ?? [])]);
  };

  const view = (demo: DemoPayment): ProviderPayment => {
    if (demo.status === 'pending' && demo.paidAt !== null && now() >= demo.paidAt)
      settle(demo, 'paid');
    return {
      id: demo.id,
      status: demo.status,
      amountCents: demo.payment.amountCents,
      currency: demo.payment.currency,
      paymentId: demo.payment.paymentId,
      checkoutUrl: demo.status === 'open' ? `/demo-checkout/${demo.id}` : null,
    };
  };

  return {
    name: 'demo',
    async createPayment(payment) {
      const known = byKey.get(payment.idempotencyKey);
      if (known) return view(payments.get(known)!);
      const id = `demo_${randomBytes(9).toString('base64url')}`;
      const demo: DemoPayment = { payment, id, status: 'open', paidAt: null };
      if (payment.sequenceType === 'recurring') {
        // No checkout: the stored card or PayPal is charged at once, a SEPA debit takes a while.
        const mandate = (mandates.get(payment.customerId ?? '') ?? []).find(
          (candidate) => candidate.id === payment.mandateId,
        );
        if (!mandate) throw new Error('demo: the customer has no such valid mandate');
        if (mandate.method === 'directdebit') {
          demo.status = 'pending';
          demo.paidAt = now() + PENDING_MS;
        } else demo.status = 'paid';
      }
      payments.set(id, demo);
      byKey.set(payment.idempotencyKey, id);
      return view(demo);
    },
    async getPayment(id) {
      const demo = payments.get(id);
      return demo ? view(demo) : null;
    },
    async cancelPayment(id) {
      const demo = payments.get(id);
      if (demo?.status !== 'open') return false;
      demo.status = 'canceled';
      return true;
    },
    async refundPayment(id) {
      const demo = payments.get(id);
      // A retried refund is the same refund, as with a provider's idempotency key.
      if (demo?.status === 'refunded') return;
      if (!demo || view(demo).status !== 'paid')
        throw new RefundRefused(`demo payment ${id} not paid`);
      demo.status = 'refunded';
    },
    complete(id, outcome) {
      const demo = payments.get(id);
      if (!demo) return null;
      // Like a real provider: once decided, going back and choosing again changes nothing.
      if (demo.status === 'open') {
        if (outcome === 'pending-then-paid') {
          demo.status = 'pending';
          demo.paidAt = now() + PENDING_MS;
        } else settle(demo, outcome);
      }
      return {
        redirectUrl: demo.payment.redirectUrl,
        ...(demo.payment.webhookUrl ? { webhookUrl: demo.payment.webhookUrl } : {}),
      };
    },
    describe(id) {
      return payments.get(id)?.payment ?? null;
    },
    recurring: {
      async createCustomer() {
        return `demo_cst_${randomBytes(9).toString('base64url')}`;
      },
      async findValidMandates(customerId) {
        return mandates.get(customerId) ?? [];
      },
    },
  };
}

export const DEMO_PENDING_MS = PENDING_MS;
