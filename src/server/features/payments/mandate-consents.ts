import type { StoredPaymentView } from '@contract/payments';
import type { Db } from '@server/db/database';
import type { MandateMethod } from './providers/payment-provider';

/**
 * The text the member agreed to next to the checkout option (credits.json
 * checkout.storeForRepeat): kept with each consent, so a later change of wording is a new
 * version and what each member saw stays known.
 */
export const MANDATE_CONSENT_WORDING = 'store-for-repeat-1';

/** Records the member's consent, in the transaction that stores the order asking for it. */
export async function recordMandateConsent(
  db: Db,
  consent: {
    memberId: number;
    paymentId: number;
    method: MandateMethod;
    amountCents: number;
    currency: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('mandate_consents')
    .values({
      member_id: consent.memberId,
      payment_id: consent.paymentId,
      mandate_method: consent.method,
      amount_cents: consent.amountCents,
      currency: consent.currency,
      wording: MANDATE_CONSENT_WORDING,
      given_at: consent.now,
    })
    .onConflict((conflict) => conflict.column('payment_id').doNothing())
    .execute();
}

/** Whether this order was placed with the consent (one order key is one choice). */
export const orderHasConsent = async (db: Db, paymentId: number) =>
  (await db
    .selectFrom('mandate_consents')
    .select('id')
    .where('payment_id', '=', paymentId)
    .executeTakeFirst()) !== undefined;

/**
 * The consents in force: not revoked, given on an order that was paid (only a paid first
 * payment leaves a mandate), the newest per kind of mandate.
 */
export async function activeConsents(db: Db, memberId: number): Promise<StoredPaymentView[]> {
  const rows = await db
    .selectFrom('mandate_consents')
    .innerJoin('payments', 'payments.id', 'mandate_consents.payment_id')
    .select(['mandate_consents.mandate_method', 'mandate_consents.given_at'])
    .where('mandate_consents.member_id', '=', memberId)
    .where('mandate_consents.revoked_at', 'is', null)
    .where('payments.fulfilled_at', 'is not', null)
    .orderBy('mandate_consents.given_at', 'desc')
    .orderBy('mandate_consents.id', 'desc')
    .execute();
  const newest = new Map<string, StoredPaymentView>();
  for (const row of rows)
    if (!newest.has(row.mandate_method))
      newest.set(row.mandate_method, {
        method: row.mandate_method as MandateMethod,
        since: row.given_at,
      });
  return [...newest.values()];
}

/** A repeat order as it would be charged: the bundle at its price today, without discount. */
export interface RepeatCharge {
  bundleId: string;
  priceCents: number;
  currency: string;
}

/**
 * Whether a consent in force covers this charge (issue 29 item 5): the member agreed to a
 * repeat order of the bundle they bought then, at the price shown then (the rule beside the
 * option). Another bundle (a later, larger purchase made without saving details), another
 * price or currency is not covered: the repeat order is then a checkout, where the member
 * may give consent again.
 */
export const consentCovers = async (
  db: Db,
  memberId: number,
  method: MandateMethod,
  charge: RepeatCharge,
) =>
  (await db
    .selectFrom('mandate_consents')
    .innerJoin('payments', 'payments.id', 'mandate_consents.payment_id')
    .select('mandate_consents.id')
    .where('mandate_consents.member_id', '=', memberId)
    .where('mandate_consents.revoked_at', 'is', null)
    .where('payments.fulfilled_at', 'is not', null)
    .where('mandate_consents.mandate_method', '=', method)
    .where('payments.bundle_id', '=', charge.bundleId)
    .where('mandate_consents.amount_cents', '=', charge.priceCents)
    .where('mandate_consents.currency', '=', charge.currency)
    .executeTakeFirst()) !== undefined;
