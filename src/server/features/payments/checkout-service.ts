import type { PaymentMethod } from '@contract/payments';
import { ISSUERS_BY_METHOD, TIME_BONUS_CODE, WELCOME_CODE } from '@contract/payments';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { lockMemberRow } from '@server/db/member-lock';
import { AppError } from '@server/errors/app-error';
import type { DiscountAsker } from './discounts';
import { cancelSuperseded, claimOf, lockClaim, takeDiscountClaim } from './discount-claims';
import { priceOrder } from './order-quote';
import { orderHasConsent, recordMandateConsent } from './mandate-consents';
import { asksForMandate, ensureCustomerId } from './payment-customers';
import { assertMethodOffered } from './payment-context';
import { assertWithinSpendingCap } from './spending-cap';
import { type PaymentRow, quotedPaymentColumns } from './payment-queries';
import {
  type NewProviderPayment,
  type PaymentProvider,
  mandateMethodOf,
} from './providers/payment-provider';

export interface CheckoutOrder {
  bundleId: string;
  method: PaymentMethod;
  issuer?: string | undefined;
  code?: string | undefined;
  orderKey: string;
  /** A repeat order the member confirmed on a stored mandate: charged with no checkout. */
  storedCharge?: { customerId: string; mandateId: string } | undefined;
  /** The member ticked "save these payment details for repeat orders" (issue 23 item 14). */
  storeForRepeat?: boolean | undefined;
}

export interface CheckoutLinks {
  /** Where the member comes back: the payment's status page. */
  statusUrlOf: (paymentId: number) => string;
  webhookUrl: string | undefined;
  /** Where a provider failure is logged before the member is told to try again. */
  logProviderError: (error: unknown) => void;
}

export interface CheckoutResult {
  payment_id: number;
  checkout_url: string;
}

/**
 * Starts one order (spec §2 credits-id-paymentmethod): the server prices it, stores it, then
 * asks the provider for a checkout. The page's order key makes a double click, a retry or a
 * second tab with the same page one order; the payment id is the provider's idempotency key.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider | null,
  asker: DiscountAsker,
  order: CheckoutOrder,
  links: CheckoutLinks,
): Promise<CheckoutResult> {
  if (!provider) throw new AppError('payment_provider_unavailable', 'unsupported');
  const { context, member } = asker;
  // Direct debit has its own form and SMS confirmation (/directdebit).
  if (order.method === 'directdebit') throw new AppError('payment_method_unavailable', 'invalid');
  assertMethodOffered(context, order.method);
  const issuers = ISSUERS_BY_METHOD[order.method] ?? [];
  if (order.issuer !== undefined && !issuers.includes(order.issuer))
    throw new AppError('validation_failed', 'invalid', { fields: { issuer: 'invalid_value' } });

  const existing = await findByOrderKey(db, member, order.orderKey);
  const row = existing ?? (await insertOrder(db, provider, asker, order));
  // One key is one order: answering the first order for another method, bank, code or
  // consent would send the member to pay what the page no longer shows.
  const consentMatches = (await orderHasConsent(db, row.id)) === wantsMandate(provider, order);
  if (!isSameOrder(row, order) || !consentMatches)
    throw new AppError('idempotency_key_reused', 'conflict');
  return requestProviderCheckout(db, provider, row, order, links);
}

/**
 * Whether the order asks the provider for a mandate (Mollie's sequenceType first): only when
 * the member chose it at checkout, for a method that can leave one (issue 23 item 14).
 */
const wantsMandate = (provider: PaymentProvider, order: CheckoutOrder) =>
  order.storeForRepeat === true &&
  order.storedCharge === undefined &&
  asksForMandate(provider, order.method);

/** Whether a stored order is the one asked for; without a typed code, an automatic discount matches. */
function isSameOrder(row: PaymentRow, order: CheckoutOrder): boolean {
  const automatic = row.discount_code === TIME_BONUS_CODE || row.discount_code === WELCOME_CODE;
  const sameCode =
    (order.code ?? null) === row.discount_code || (order.code === undefined && automatic);
  return (
    row.bundle_id === order.bundleId &&
    row.method === order.method &&
    row.issuer === (order.issuer ?? null) &&
    sameCode &&
    (row.sequence_type === 'recurring') === (order.storedCharge !== undefined)
  );
}

const findByOrderKey = (db: Db, member: Member, orderKey: string) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('member_id', '=', member.id)
    .where('order_key', '=', orderKey)
    .executeTakeFirst();

async function insertOrder(
  db: Db,
  provider: PaymentProvider,
  asker: DiscountAsker,
  order: CheckoutOrder,
): Promise<PaymentRow> {
  const quote = await priceOrder(db, asker, {
    bundleId: order.bundleId,
    method: order.method,
    code: order.code,
  });
  const now = new Date().toISOString();
  const claim = claimOf(asker, quote.discount);
  const { row, superseded } = await db.transaction().execute(async (trx) => {
    // The member's own monthly limit (issue 31 item 9): under their lock, two checkouts at
    // once see each other's order. A retry of a stored order key is not a new purchase.
    await lockMemberRow(trx, asker.member.id);
    if (!(await findByOrderKey(trx, asker.member, order.orderKey)))
      await assertWithinSpendingCap(
        trx,
        asker.member.id,
        { amountCents: quote.price, currency: quote.currency },
        asker.now,
      );
    // A single-use discount: at most one open order holds it (docs/payments.md). Under the
    // claim's lock, an order key that raced in first stands and takes nothing from anyone.
    if (claim) await lockClaim(trx, claim, asker.member.id);
    const existing = claim && (await findByOrderKey(trx, asker.member, order.orderKey));
    if (existing) return { row: existing, superseded: [] };
    const released = claim ? await takeDiscountClaim(trx, claim, now) : [];
    await trx
      .insertInto('payments')
      .values({
        ...quotedPaymentColumns(asker.siteId, asker.member.id, quote),
        method: order.method,
        issuer: order.issuer ?? null,
        provider: provider.name,
        status: 'open',
        order_key: order.orderKey,
        // issue 23 item 14: a first payment asks for a mandate only with the member's consent.
        sequence_type: order.storedCharge
          ? 'recurring'
          : wantsMandate(provider, order)
            ? 'first'
            : 'oneoff',
        created_at: now,
        updated_at: now,
      })
      // Two tabs submitting the same page at once: the unique key keeps one order.
      .onConflict((conflict) => conflict.columns(['member_id', 'order_key']).doNothing())
      .execute();
    const stored = await findByOrderKey(trx, asker.member, order.orderKey);
    if (!stored) throw new Error('order vanished after insert');
    // The consent goes with the order that asks for the mandate, with what the member was
    // shown: a repeat order is the bundle at its price without discount (docs/payments.md).
    if (stored.sequence_type === 'first')
      await recordMandateConsent(trx, {
        memberId: asker.member.id,
        paymentId: stored.id,
        method: mandateMethodOf(order.method),
        amountCents: quote.list_price,
        currency: quote.currency,
        now,
      });
    return { row: stored, superseded: released };
  });
  await cancelSuperseded(db, provider, superseded);
  return row;
}

async function requestProviderCheckout(
  db: Db,
  provider: PaymentProvider,
  row: PaymentRow,
  order: CheckoutOrder,
  links: CheckoutLinks,
): Promise<CheckoutResult> {
  const statusUrl = links.statusUrlOf(row.id);
  if (row.provider_payment_id)
    return { payment_id: row.id, checkout_url: row.checkout_url ?? statusUrl };
  // A newer order took this one's single-use discount (a parallel checkout with the same
  // code): no provider payment is made for it, so it can never be paid at the discount.
  if (row.discount_code !== null && (await lostClaim(db, row.id)))
    throw new AppError('discount_used', 'conflict');
  const payment = {
    amountCents: row.amount_cents,
    currency: row.currency,
    description: `${row.credits} credits #${row.id}`,
    method: row.method as PaymentMethod,
    issuer: row.issuer ?? undefined,
    redirectUrl: statusUrl,
    webhookUrl: links.webhookUrl,
    idempotencyKey: `payment:${row.id}`,
    paymentId: row.id,
  };
  let created;
  try {
    if (row.sequence_type === 'recurring' && order.storedCharge)
      created = await provider.createPayment({
        ...payment,
        sequenceType: 'recurring',
        customerId: order.storedCharge.customerId,
        mandateId: order.storedCharge.mandateId,
      });
    else if (row.sequence_type === 'first')
      created = await createFirstPayment(db, provider, row, payment, links);
    else created = await provider.createPayment(payment);
  } catch (error) {
    // The order stays open without a provider payment: the same order key retries it.
    links.logProviderError(error);
    throw new AppError('payment_provider_unavailable', 'unsupported');
  }
  const stored = await storeProviderPayment(db, row.id, created);
  if (stored.discount_released_at !== null) {
    // The claim was taken while the provider made this payment: whoever took it may have
    // seen no provider payment yet, so it is cancelled here (cancelling twice is harmless).
    await cancelSuperseded(db, provider, [
      { id: row.id, provider: provider.name, provider_payment_id: stored.provider_payment_id },
    ]);
    throw new AppError('discount_used', 'conflict');
  }
  // Two requests for one order at once: both answer the provider payment that was stored.
  return { payment_id: row.id, checkout_url: stored.checkout_url ?? statusUrl };
}

const lostClaim = async (db: Db, paymentId: number) =>
  (
    await db
      .selectFrom('payments')
      .select('discount_released_at')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow()
  ).discount_released_at !== null;

/**
 * Stores the provider payment on its order, then reads the order back. The read comes after
 * the write has committed, so a newer order taking the claim either committed its release
 * before (seen here) or updates the row after this write (its RETURNING sees the provider
 * id, takeDiscountClaim): one of the two always cancels the payment at the provider.
 */
async function storeProviderPayment(
  db: Db,
  paymentId: number,
  created: { id: string; checkoutUrl: string | null },
) {
  await db
    .updateTable('payments')
    .set({
      provider_payment_id: created.id,
      checkout_url: created.checkoutUrl,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', paymentId)
    .where('provider_payment_id', 'is', null)
    .execute();
  return db
    .selectFrom('payments')
    .select(['checkout_url', 'provider_payment_id', 'discount_released_at'])
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
}

/**
 * A first payment asks for a mandate on the member's customer (issue 10 §4). Where the
 * provider will not make one (recurring not enabled for the method on the account, the
 * customer could not be made), the member still pays: a one-off payment, under its own
 * idempotency key, and the order is marked one-off (a later repeat order is a checkout).
 */
async function createFirstPayment(
  db: Db,
  provider: PaymentProvider,
  row: PaymentRow,
  payment: NewProviderPayment,
  links: CheckoutLinks,
) {
  try {
    const customerId = await ensureCustomerId(db, provider, row.member_id);
    if (customerId)
      return await provider.createPayment({ ...payment, sequenceType: 'first', customerId });
  } catch (error) {
    links.logProviderError(error);
  }
  await db
    .updateTable('payments')
    .set({ sequence_type: 'oneoff' })
    .where('id', '=', row.id)
    .execute();
  return provider.createPayment({ ...payment, idempotencyKey: `payment:${row.id}:oneoff` });
}
