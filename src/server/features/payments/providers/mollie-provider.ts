// The named export: under Node's ESM loader the CommonJS default is the module object.
import {
  type Mandate,
  MandateMethod as MollieMandateMethod,
  type Payment,
  type PaymentMethod as MolliePaymentMethod,
  SequenceType,
  createMollieClient,
} from '@mollie/api-client';
import { PAYMENT_STATUSES, type PaymentStatus } from '@contract/payments';
import {
  type MandateMethod,
  PaymentRefused,
  type PaymentProvider,
  type ProviderPayment,
  RefundRefused,
  type StoredMandate,
  toCents,
  toDecimalAmount,
} from './payment-provider';

export interface MollieOptions {
  apiKey: string;
  /** Another API address: the tests point the real client at a local fake of Mollie. */
  apiEndpoint?: string | undefined;
  /**
   * This installation's identity (issue 29 item 10, installation-identity.ts): it prefixes
   * every idempotency key and goes into every payment's metadata, so installations sharing
   * one Mollie account never answer, or take, each other's payments and customers.
   */
  installationId: () => Promise<string>;
}

/** Mollie's statuses mapped onto ours; authorized (card captures later) is still pending. */
function statusOf(payment: Payment): PaymentStatus {
  if (payment.status === 'authorized') return 'pending';
  return (PAYMENT_STATUSES as readonly string[]).includes(payment.status)
    ? (payment.status as PaymentStatus)
    : 'pending';
}

/**
 * Our payment id from the metadata, when the payment is this installation's: one another
 * installation sharing the account made carries its own identity, and is not ours whatever
 * its payment id (null: syncPayment ignores it). A payment made before identities existed
 * carries none; its id and amount still have to match our row.
 */
function ourPaymentIdOf(payment: Payment, installationId: string): number | null {
  const metadata = payment.metadata as { payment_id?: unknown; installation?: unknown } | null;
  if (metadata?.installation !== undefined && metadata.installation !== installationId) return null;
  const paymentId = Number(metadata?.payment_id);
  return Number.isInteger(paymentId) && paymentId > 0 ? paymentId : null;
}

function present(payment: Payment, installationId: string): ProviderPayment {
  return {
    id: payment.id,
    status: statusOf(payment),
    amountCents: toCents(payment.amount.value),
    currency: payment.amount.currency,
    paymentId: ourPaymentIdOf(payment, installationId),
    checkoutUrl: payment.getCheckoutUrl() ?? null,
    // Absent until something was charged back or refunded.
    chargedBackCents: payment.amountChargedBack ? toCents(payment.amountChargedBack.value) : 0,
    refundedCents: payment.amountRefunded ? toCents(payment.amountRefunded.value) : 0,
  };
}

/** A 4xx answer other than a conflict or a rate limit: Mollie's no, not a fault. */
const isRefusal = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
};

/** The client's ApiError is not exported; its statusCode tells an unknown id. */
const isUnknown = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return status === 404 || status === 410;
};

/** What the member is shown of a mandate: its kind and the last digits of card or IBAN. */
function presentMandate(mandate: Mandate): StoredMandate {
  const details = mandate.details as { cardNumber?: unknown; consumerAccount?: unknown } | null;
  const method = mandate.method as MandateMethod;
  const number =
    method === 'creditcard'
      ? details?.cardNumber
      : method === 'directdebit'
        ? details?.consumerAccount
        : null;
  const digits = typeof number === 'string' ? number.replace(/\s+/g, '').slice(-4) : '';
  return { id: mandate.id, method, lastDigits: /^\d{4}$/.test(digits) ? digits : null };
}

/**
 * Mollie through its official Node client (issue 10). Payments are created with our payment
 * id as idempotency key, so a retried create never makes a second payment; the webhook's id
 * is only a hint to ask Mollie, whose answer is the truth.
 */
export function mollieProvider({
  apiKey,
  apiEndpoint,
  installationId,
}: MollieOptions): PaymentProvider {
  const mollie = createMollieClient({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}) });
  /** Mollie keeps idempotency keys per account: ours carry the installation. */
  const keyOf = async (key: string) => `${await installationId()}:${key}`;
  return {
    name: 'mollie',
    async createPayment(payment) {
      const installation = await installationId();
      const recurring = payment.sequenceType === 'recurring';
      const created = await mollie.payments.create({
        amount: { currency: payment.currency, value: toDecimalAmount(payment.amountCents) },
        description: payment.description,
        // A recurring charge has no checkout: Mollie takes the method from the mandate.
        ...(recurring
          ? {}
          : {
              redirectUrl: payment.redirectUrl,
              method: payment.method as MolliePaymentMethod,
              ...(payment.issuer ? { issuer: payment.issuer } : {}),
            }),
        ...(payment.webhookUrl ? { webhookUrl: payment.webhookUrl } : {}),
        ...(payment.customerId ? { customerId: payment.customerId } : {}),
        ...(payment.sequenceType
          ? {
              sequenceType:
                payment.sequenceType === 'first' ? SequenceType.first : SequenceType.recurring,
            }
          : {}),
        ...(payment.mandateId ? { mandateId: payment.mandateId } : {}),
        metadata: { payment_id: payment.paymentId, installation },
        idempotencyKey: `${installation}:${payment.idempotencyKey}`,
      });
      return present(created, installation);
    },
    async getPayment(id) {
      // Mollie's ids look like tr_…; anything else cannot be one of its payments.
      if (!/^tr_\w+$/.test(id)) return null;
      try {
        const installation = await installationId();
        return present(await mollie.payments.get(id), installation);
      } catch (error) {
        if (isUnknown(error)) return null;
        throw error;
      }
    },
    async cancelPayment(id) {
      if (!/^tr_\w+$/.test(id)) return false;
      try {
        const canceled = await mollie.payments.cancel(id, { idempotencyKey: `cancel:${id}` });
        return canceled.status === 'canceled';
      } catch {
        // Not cancelable (most methods once the member is at their bank) or unknown.
        return false;
      }
    },
    async refundPayment(id, amount) {
      try {
        await mollie.paymentRefunds.create({
          paymentId: id,
          amount: { currency: amount.currency, value: toDecimalAmount(amount.cents) },
          idempotencyKey: `refund:${id}`,
        });
      } catch (error) {
        // A 4xx answer (not refundable, unknown payment) is Mollie's no; a timeout or a 5xx
        // leaves it open whether the refund was made.
        if (isRefusal(error))
          throw new RefundRefused(`Mollie refused the refund of ${id}`, { cause: error });
        throw error;
      }
    },
    recurring: {
      async createCustomer({ memberId, idempotencyKey }) {
        // Only our member id: Mollie needs no name or e-mail address to keep a mandate.
        const customer = await mollie.customers.create({
          metadata: { member_id: memberId, installation: await installationId() },
          idempotencyKey: await keyOf(idempotencyKey),
        });
        return customer.id;
      },
      async createDirectDebitMandate(input) {
        try {
          const mandate = await mollie.customerMandates.create({
            customerId: input.customerId,
            method: MollieMandateMethod.directdebit,
            consumerName: input.accountHolder,
            consumerAccount: input.iban,
            signatureDate: input.signatureDate,
            idempotencyKey: await keyOf(input.idempotencyKey),
          });
          return presentMandate(mandate);
        } catch (error) {
          if (isRefusal(error))
            throw new PaymentRefused('Mollie refused the direct-debit mandate', { cause: error });
          throw error;
        }
      },
      async revokeMandate(customerId, mandateId) {
        try {
          await mollie.customerMandates.revoke(mandateId, { customerId });
        } catch (error) {
          // Revoked before (by the member at their bank, or a retry): nothing left to do.
          if (!isUnknown(error)) throw error;
        }
      },
      async deleteCustomer(customerId) {
        try {
          await mollie.customers.delete(customerId);
        } catch (error) {
          // Deleted before (a retried erasure): nothing left to do.
          if (!isUnknown(error)) throw error;
        }
      },
      async findValidMandates(customerId) {
        if (!/^cst_\w+$/.test(customerId)) return [];
        try {
          // Newest first, as Mollie lists them.
          const mandates = await mollie.customerMandates.page({ customerId });
          return mandates
            .filter((mandate) => mandate.status === 'valid')
            .map((mandate) => presentMandate(mandate));
        } catch (error) {
          if (isUnknown(error)) return [];
          throw error;
        }
      },
    },
  };
}
