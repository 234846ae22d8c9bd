import type { PaymentMethod, StoredMandateView } from '@contract/payments';
import type { Db } from '@server/db/database';
import { AppError } from '@server/errors/app-error';
import { debtOf } from '@server/features/credits';
import { type CheckoutLinks, type CheckoutResult, startCheckout } from './checkout-service';
import type { DiscountAsker } from './discounts';
import { priceOrder } from './order-quote';
import { findStoredMandate } from './payment-customers';
import { findLastPaidPayment } from './payment-queries';
import type { RepeatCharge } from './mandate-consents';
import type { PaymentProvider } from './providers/payment-provider';

const lastOrderOf = async (db: Db, asker: DiscountAsker) => {
  const last = await findLastPaidPayment(db, asker.member.id);
  if (!last) return null;
  return {
    bundleId: last.bundle_id,
    method: last.method as PaymentMethod,
    issuer: last.issuer ?? undefined,
  };
};

/** What a repeat order of the last order would charge today; null: that bundle is not sold. */
async function repeatChargeOf(
  db: Db,
  asker: DiscountAsker,
  last: { bundleId: string; method: PaymentMethod },
): Promise<RepeatCharge | null> {
  try {
    const quote = await priceOrder(db, asker, { bundleId: last.bundleId, method: last.method });
    return { bundleId: last.bundleId, priceCents: quote.price, currency: quote.currency };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * /credits/repeat-order before the member confirms (issue 10 §4): the stored card or account
 * a confirmation would charge, so the member sees the method and last digits (and, from the
 * bundles, the amount) before anything is charged; null: the repeat order is a checkout.
 */
export async function storedMandateView(
  db: Db,
  provider: PaymentProvider | null,
  asker: DiscountAsker,
): Promise<StoredMandateView | null> {
  const last = await lastOrderOf(db, asker);
  if (!last) return null;
  const charge = await repeatChargeOf(db, asker, last);
  const stored =
    charge && (await findStoredMandate(db, provider, asker.member.id, last.method, charge));
  return (
    stored && {
      mandate_id: stored.mandate.id,
      method: stored.mandate.method,
      last_digits: stored.mandate.lastDigits,
    }
  );
}

/**
 * The repeat order itself. With the member's confirmation of the stored mandate they were
 * shown (and its price), the provider charges that mandate at once, with no checkout (Mollie
 * sequenceType recurring); without it, or for a method that keeps no mandate, a new checkout.
 * A mandate gone or a price changed since the page was shown is refused, never charged.
 */
export async function repeatOrder(
  db: Db,
  provider: PaymentProvider | null,
  asker: DiscountAsker,
  input: { orderKey: string; chargeStored?: { mandate_id: string; price: number } | undefined },
  links: CheckoutLinks,
): Promise<CheckoutResult & { charged: boolean }> {
  const last = await lastOrderOf(db, asker);
  if (!last) throw new AppError('not_found', 'not_found');
  const order = { ...last, orderKey: input.orderKey };
  if (!input.chargeStored)
    return { ...(await startCheckout(db, provider, asker, order, links)), charged: false };

  const charge = await repeatChargeOf(db, asker, last);
  const stored =
    charge && (await findStoredMandate(db, provider, asker.member.id, last.method, charge));
  if (
    !charge ||
    stored?.mandate.id !== input.chargeStored.mandate_id ||
    charge.priceCents !== input.chargeStored.price
  ) {
    // A retry of a charge already made answers that charge, even if the mandate ended since.
    const made = await db
      .selectFrom('payments')
      .select(['id', 'sequence_type', 'provider_payment_id'])
      .where('member_id', '=', asker.member.id)
      .where('order_key', '=', input.orderKey)
      .executeTakeFirst();
    if (made?.sequence_type === 'recurring' && made.provider_payment_id)
      return { payment_id: made.id, checkout_url: links.statusUrlOf(made.id), charged: true };
    throw new AppError('repeat_order_changed', 'conflict');
  }
  // A SEPA mandate is a direct debit: refused while credits are owed (issue 23 item 2).
  if (stored.mandate.method === 'directdebit' && (await debtOf(db, asker.member.id)) > 0)
    throw new AppError('direct_debit_debt', 'forbidden');
  const result = await startCheckout(
    db,
    provider,
    asker,
    { ...order, storedCharge: { customerId: stored.customerId, mandateId: stored.mandate.id } },
    links,
  );
  return { ...result, charged: true };
}
