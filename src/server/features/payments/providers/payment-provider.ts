import type { PaymentMethod, PaymentStatus } from '@contract/payments';

/** What the app asks a provider to collect; amounts in cents of `currency`. */
export interface NewProviderPayment {
  amountCents: number;
  currency: string;
  description: string;
  method: PaymentMethod;
  issuer?: string | undefined;
  /** Where the member's browser returns: the payment status page. */
  redirectUrl: string;
  /** Where the provider reports changes; absent where it cannot reach us (localhost). */
  webhookUrl?: string | undefined;
  /** Our payment id: a retried create with the same key is the same payment. */
  idempotencyKey: string;
  /** Our payment row, echoed back by the provider so a fetched payment can be matched. */
  paymentId: number;
  /**
   * Recurring payments (issue 10 §4): `first` asks the member's consent to a mandate on
   * `customerId` during the checkout; `recurring` charges `mandateId` with no checkout at all.
   * Absent: a one-off payment.
   */
  sequenceType?: 'first' | 'recurring' | undefined;
  customerId?: string | undefined;
  mandateId?: string | undefined;
}

/** What a mandate charges: a card, a bank account (SEPA direct debit) or PayPal. */
export type MandateMethod = 'creditcard' | 'directdebit' | 'paypal';

/** The mandate a first payment with this method leaves (Mollie: bank methods leave SEPA). */
export function mandateMethodOf(method: PaymentMethod): MandateMethod {
  if (method === 'creditcard' || method === 'paypal') return method;
  return 'directdebit';
}

/** A valid mandate, as the member must see it before it is charged (issue 10 §4). */
export interface StoredMandate {
  id: string;
  method: MandateMethod;
  /** The last digits of the card or account, when the provider tells them. */
  lastDigits: string | null;
}

/** Customers and mandates at the provider (Mollie's Customers and Mandates APIs). */
export interface RecurringPayments {
  /** Creates the member's customer; the same key answers the same customer. */
  createCustomer(input: { memberId: number; idempotencyKey: string }): Promise<string>;
  /** A customer's valid mandates, newest first; none for an unknown customer. */
  findValidMandates(customerId: string): Promise<StoredMandate[]>;
  /**
   * A SEPA direct-debit mandate from the member's own form (issue 29 item 3; Mollie's
   * Create mandate with method `directdebit`), made after the member confirmed it with the
   * texted code; the same key answers the same mandate. Throws PaymentRefused when the
   * provider will not take it (an account it cannot debit).
   */
  createDirectDebitMandate(input: {
    customerId: string;
    accountHolder: string;
    iban: string;
    /** The day the member signed (confirmed with the code), YYYY-MM-DD. */
    signatureDate: string;
    idempotencyKey: string;
  }): Promise<StoredMandate>;
  /** Revokes one mandate (the member withdrew consent); one already gone is no error. */
  revokeMandate(customerId: string, mandateId: string): Promise<void>;
  /**
   * Deletes the customer and with it its mandates (an account erased after its 14 days:
   * issue 31 item 7); one already gone is no error, so the erasure job can run again.
   */
  deleteCustomer(customerId: string): Promise<void>;
}

/** A payment as the provider knows it: the only source of truth for its status. */
export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  /** Our payment id from the metadata we gave at creation; null when it carries none. */
  paymentId: number | null;
  checkoutUrl: string | null;
  /**
   * Money that went back after payment, in cents (issue 23 item 2): Mollie keeps a payment
   * `paid` when it is charged back or refunded (also from its dashboard) and reports the
   * amounts separately. Our own refunds show here too; refund-service.ts tells them apart.
   */
  chargedBackCents: number;
  refundedCents: number;
}

/**
 * A payment provider behind one interface (issue 10): the built-in demo provider for
 * `npm start` and tests, Mollie through its official client. The app never trusts a webhook
 * body; it asks `getPayment` for the status.
 */
export interface PaymentProvider {
  readonly name: 'demo' | 'mollie';
  createPayment(payment: NewProviderPayment): Promise<ProviderPayment>;
  /** null for an id the provider does not know (a forged webhook). */
  getPayment(providerPaymentId: string): Promise<ProviderPayment | null>;
  /**
   * Refunds the whole amount (issue 10 §7); a retry of the same refund is the same refund.
   * Throws RefundRefused when the provider says no for good; any other error leaves it
   * unknown whether the money went back.
   */
  refundPayment(
    providerPaymentId: string,
    amount: { cents: number; currency: string },
  ): Promise<void>;
  /**
   * Cancels an open payment so its checkout can no longer be paid; false where the provider
   * will not (Mollie cancels only some methods) or it is no longer open.
   */
  cancelPayment(providerPaymentId: string): Promise<boolean>;
  /** Present where the provider can charge a stored mandate (demo and Mollie both can). */
  readonly recurring?: RecurringPayments;
}

/** The provider answered that it will not make this mandate or payment (not a fault). */
export class PaymentRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentRefused';
  }
}

/** The provider answered that it will not refund this payment (not a network fault). */
export class RefundRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RefundRefused';
  }
}

/** Mollie's amount notation: a string with two decimals ("12.95"); all our currencies use 2. */
export function toDecimalAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function toCents(value: string): number {
  return Math.round(Number(value) * 100);
}
