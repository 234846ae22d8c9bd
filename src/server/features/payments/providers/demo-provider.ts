import { randomBytes } from 'node:crypto';
import type { PaymentStatus } from '@contract/payments';
import type { Db } from '@server/db/database';
import {
  type MandateMethod,
  type NewProviderPayment,
  type PaymentProvider,
  type ProviderPayment,
  RefundRefused,
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

export interface DemoProvider extends PaymentProvider {
  readonly recurring: NonNullable<PaymentProvider['recurring']>;
  /** The tester's choice on the checkout page; answers where the browser goes next. */
  complete(
    id: string,
    outcome: DemoOutcome,
  ): Promise<{ redirectUrl: string; webhookUrl?: string } | null>;
  describe(id: string): Promise<NewProviderPayment | null>;
}

/** How long a pending-then-paid payment (or a demo SEPA debit) stays pending. */
const PENDING_MS = 3000;

/** The test card and account a demo first payment leaves as a mandate (as in a test mode). */
const DEMO_LAST_DIGITS: Record<MandateMethod, string | null> = {
  creditcard: '4242',
  directdebit: '5678',
  paypal: null,
};

type DemoRow = { id: string; request_json: string; status: string; paid_at: string | null };

/**
 * The built-in demo provider: plays a provider's test mode in process, with its own checkout
 * page (demo-checkout-routes.ts). Its payments and mandates are rows of its own tables
 * (demo_payments, demo_mandates), as a provider keeps them on its servers, so a restart of
 * `npm start` loses no open checkout. Never offered in production unless PAYMENT_PROVIDER=demo
 * asks for it (config.ts).
 */
export function demoProvider(db: Db, now: () => number = Date.now): DemoProvider {
  const requestOf = (row: DemoRow) => JSON.parse(row.request_json) as NewProviderPayment;
  const find = (id: string) =>
    db
      .selectFrom('demo_payments')
      .select(['id', 'request_json', 'status', 'paid_at'])
      .where('id', '=', id)
      .executeTakeFirst();

  /**
   * Moves an undecided payment to its outcome, once (a conditional update: of two callers
   * only one moves it). A paid first payment leaves a mandate on its customer.
   */
  const decide = async (row: DemoRow, from: PaymentStatus, to: PaymentStatus) => {
    const moved = await db
      .updateTable('demo_payments')
      .set({
        status: to,
        ...(to === 'pending' ? { paid_at: new Date(now() + PENDING_MS).toISOString() } : {}),
      })
      .where('id', '=', row.id)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return;
    const { customerId, sequenceType, method } = requestOf(row);
    if (to !== 'paid' || sequenceType !== 'first' || !customerId) return;
    const mandateMethod = mandateMethodOf(method);
    await db
      .insertInto('demo_mandates')
      .values({
        id: `demo_mdt_${randomBytes(6).toString('base64url')}`,
        customer_id: customerId,
        method: mandateMethod,
        label: DEMO_LAST_DIGITS[mandateMethod],
        status: 'valid',
        created_at: new Date(now()).toISOString(),
      })
      .execute();
  };

  const view = async (id: string): Promise<ProviderPayment | null> => {
    let row = await find(id);
    if (!row) return null;
    if (row.status === 'pending' && row.paid_at !== null && now() >= Date.parse(row.paid_at)) {
      await decide(row, 'pending', 'paid');
      row = (await find(id))!;
    }
    const request = requestOf(row);
    return {
      id: row.id,
      status: row.status as PaymentStatus,
      amountCents: request.amountCents,
      currency: request.currency,
      paymentId: request.paymentId,
      checkoutUrl: row.status === 'open' ? `/demo-checkout/${row.id}` : null,
      // The demo plays no chargebacks; its refunds are only ours (status refunded).
      chargedBackCents: 0,
      refundedCents: row.status === 'refunded' ? request.amountCents : 0,
    };
  };

  const validMandates = (customerId: string) =>
    db
      .selectFrom('demo_mandates')
      .select(['id', 'method', 'label'])
      .where('customer_id', '=', customerId)
      .where('status', '=', 'valid')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();

  return {
    name: 'demo',
    async createPayment(payment) {
      let status: PaymentStatus = 'open';
      let paidAt: string | null = null;
      if (payment.sequenceType === 'recurring') {
        // No checkout: the stored card or PayPal is charged at once, a SEPA debit takes a while.
        const mandate = (await validMandates(payment.customerId ?? '')).find(
          (candidate) => candidate.id === payment.mandateId,
        );
        if (!mandate) throw new Error('demo: the customer has no such valid mandate');
        if (mandate.method === 'directdebit') {
          status = 'pending';
          paidAt = new Date(now() + PENDING_MS).toISOString();
        } else status = 'paid';
      }
      // The same key is the same payment, also when two requests race.
      await db
        .insertInto('demo_payments')
        .values({
          id: `demo_${randomBytes(9).toString('base64url')}`,
          idempotency_key: payment.idempotencyKey,
          request_json: JSON.stringify(payment),
          status,
          paid_at: paidAt,
          created_at: new Date(now()).toISOString(),
        })
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .execute();
      const row = await db
        .selectFrom('demo_payments')
        .select('id')
        .where('idempotency_key', '=', payment.idempotencyKey)
        .executeTakeFirstOrThrow();
      return (await view(row.id))!;
    },
    getPayment: view,
    async cancelPayment(id) {
      // As at Mollie: an open payment, or a SEPA debit still pending (not yet collected).
      const canceled = await db
        .updateTable('demo_payments')
        .set({ status: 'canceled' })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'open'),
            eb.and([
              eb('status', '=', 'pending'),
              eb('paid_at', '>', new Date(now()).toISOString()),
            ]),
          ]),
        )
        .executeTakeFirst();
      return Number(canceled.numUpdatedRows) === 1;
    },
    async refundPayment(id) {
      const payment = await view(id);
      // A retried refund is the same refund, as with a provider's idempotency key.
      if (payment?.status === 'refunded') return;
      if (payment?.status !== 'paid') throw new RefundRefused(`demo payment ${id} not paid`);
      await db
        .updateTable('demo_payments')
        .set({ status: 'refunded' })
        .where('id', '=', id)
        .where('status', '=', 'paid')
        .execute();
    },
    async complete(id, outcome) {
      const row = await find(id);
      if (!row) return null;
      // Like a real provider: once decided, going back and choosing again changes nothing.
      if (row.status === 'open')
        await decide(row, 'open', outcome === 'pending-then-paid' ? 'pending' : outcome);
      const { redirectUrl, webhookUrl } = requestOf(row);
      return { redirectUrl, ...(webhookUrl ? { webhookUrl } : {}) };
    },
    async describe(id) {
      const row = await find(id);
      return row ? requestOf(row) : null;
    },
    recurring: {
      async createCustomer() {
        return `demo_cst_${randomBytes(9).toString('base64url')}`;
      },
      async createDirectDebitMandate({ customerId, iban, idempotencyKey }) {
        // The key is the mandate's id: a retry finds the same mandate.
        const id = `demo_mdt_${idempotencyKey.replace(/\W/g, '_')}`;
        const label = iban.slice(-4);
        await db
          .insertInto('demo_mandates')
          .values({
            id,
            customer_id: customerId,
            method: 'directdebit',
            label,
            status: 'valid',
            created_at: new Date(now()).toISOString(),
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .execute();
        return { id, method: 'directdebit', lastDigits: /^\d{4}$/.test(label) ? label : null };
      },
      async revokeMandate(customerId, mandateId) {
        await db
          .updateTable('demo_mandates')
          .set({ status: 'revoked' })
          .where('customer_id', '=', customerId)
          .where('id', '=', mandateId)
          .execute();
      },
      async deleteCustomer(customerId) {
        // The demo keeps no customer, only its mandates: they go with it, as at Mollie.
        await db.deleteFrom('demo_mandates').where('customer_id', '=', customerId).execute();
      },
      async findValidMandates(customerId) {
        return (await validMandates(customerId)).map((mandate) => ({
          id: mandate.id,
          method: mandate.method as MandateMethod,
          lastDigits: mandate.label,
        }));
      },
    },
  };
}

export const DEMO_PENDING_MS = PENDING_MS;
