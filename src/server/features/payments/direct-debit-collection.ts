import { FINAL_STATUSES, type PaymentStatus } from '@contract/payments';
import type { Db } from '@server/db/database';
import { AppError } from '@server/errors/app-error';
import type { MemberEvents } from '@server/realtime/member-events';
import type { CheckoutLinks } from './checkout-service';
import { applyProviderStatus } from './fulfilment';
import { ensureCustomerId } from './payment-customers';
import { PaymentRefused, type PaymentProvider } from './providers/payment-provider';
import { refundUnentitledPayment } from './refund-service';

/**
 * Collects a direct debit the member confirmed with the texted code (issue 29 item 3;
 * docs/payments.md "Direct debit"): the form becomes a SEPA mandate on the member's
 * customer at the provider (Mollie's Create mandate, method `directdebit`), reused for a
 * later purchase from the same account while it is valid, and the purchase a recurring
 * payment on it (sequenceType `recurring`). Only once the provider took the collection are
 * the credits granted, through the one fulfilment, exactly once; a collection that fails
 * or is charged back later takes them back (payment-sync.ts, payment-reversals.ts).
 *
 * Every step has its own idempotency key and what it made is stored before the next, so a
 * confirmation retried after a fault (or two at once) resumes and makes nothing twice.
 */
export async function collectDirectDebit(
  db: Db,
  events: MemberEvents,
  provider: PaymentProvider,
  requestId: number,
  links: CheckoutLinks,
): Promise<void> {
  const request = await db
    .selectFrom('direct_debit_requests')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', request.payment_id!)
    .executeTakeFirstOrThrow();
  if (payment.fulfilled_at !== null || FINAL_STATUSES.includes(payment.status as PaymentStatus))
    return;
  let providerPaymentId = payment.provider_payment_id;
  let status: PaymentStatus = 'pending';
  try {
    if (!providerPaymentId) {
      const mandate = await mandateOf(db, provider, request);
      const created = await provider.createPayment({
        amountCents: payment.amount_cents,
        currency: payment.currency,
        description: `${payment.credits} credits #${payment.id}`,
        method: 'directdebit',
        redirectUrl: links.statusUrlOf(payment.id),
        webhookUrl: links.webhookUrl,
        idempotencyKey: `payment:${payment.id}`,
        paymentId: payment.id,
        sequenceType: 'recurring',
        customerId: mandate.customerId,
        mandateId: mandate.mandateId,
      });
      await db
        .updateTable('payments')
        .set({ provider_payment_id: created.id, updated_at: new Date().toISOString() })
        .where('id', '=', payment.id)
        .where('provider_payment_id', 'is', null)
        .execute();
      providerPaymentId = created.id;
      status = created.status;
    }
  } catch (error) {
    if (error instanceof PaymentRefused) {
      // The provider will not debit this account: nothing is granted, the order failed.
      await applyProviderStatus(db, events, payment.id, 'failed');
      throw new AppError('payment_failed', 'invalid');
    }
    // The order stays pending: the member's retry of the confirmation resumes here.
    links.logProviderError(error);
    throw new AppError('payment_provider_unavailable', 'unsupported');
  }
  if (status === 'failed' || status === 'canceled' || status === 'expired') {
    await applyProviderStatus(db, events, payment.id, status);
    throw new AppError('payment_failed', 'invalid');
  }
  // The collection is under way at the provider: the credits come now (spec §5), as before;
  // the block flag, the monthly limit and the reversal of a failed debit bound the risk.
  if ((await applyProviderStatus(db, events, payment.id, 'paid')) === 'refund')
    await refundUnentitledPayment(db, provider, events, payment.id);
}

type RequestRow = {
  id: number;
  member_id: number;
  iban: string;
  account_holder: string;
  customer_id: string | null;
  mandate_id: string | null;
  consented_at: string | null;
};

/**
 * The mandate this purchase is collected on: the one made for this form before (a retry),
 * else a still valid one of an earlier form of the member for the same account and holder,
 * else a new one, signed the day the member confirmed it.
 */
async function mandateOf(
  db: Db,
  provider: PaymentProvider,
  request: RequestRow,
): Promise<{ customerId: string; mandateId: string }> {
  if (request.customer_id && request.mandate_id)
    return { customerId: request.customer_id, mandateId: request.mandate_id };
  const recurring = provider.recurring;
  const customerId = await ensureCustomerId(db, provider, request.member_id);
  if (!recurring || !customerId) throw new Error('direct debit needs a provider with mandates');
  const earlier = await db
    .selectFrom('direct_debit_requests')
    .select('mandate_id')
    .where('member_id', '=', request.member_id)
    .where('iban', '=', request.iban)
    .where('account_holder', '=', request.account_holder)
    .where('customer_id', '=', customerId)
    .where('mandate_id', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const valid = earlier
    ? (await recurring.findValidMandates(customerId)).some(
        (mandate) => mandate.id === earlier.mandate_id,
      )
    : false;
  const mandateId =
    valid && earlier?.mandate_id
      ? earlier.mandate_id
      : (
          await recurring.createDirectDebitMandate({
            customerId,
            accountHolder: request.account_holder,
            iban: request.iban,
            signatureDate: (request.consented_at ?? new Date().toISOString()).slice(0, 10),
            idempotencyKey: `mandate:directdebit:${request.id}`,
          })
        ).id;
  await db
    .updateTable('direct_debit_requests')
    .set({ customer_id: customerId, mandate_id: mandateId })
    .where('id', '=', request.id)
    .execute();
  return { customerId, mandateId };
}
