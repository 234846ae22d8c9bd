import type { PaymentMethod } from '@contract/payments';
import { RECURRING_METHODS } from '@contract/payments';
import type { Db } from '@server/db/database';
import { type RepeatCharge, consentCovers } from './mandate-consents';
import {
  type PaymentProvider,
  type StoredMandate,
  mandateMethodOf,
} from './providers/payment-provider';

/** The member's customer at the provider, if a first payment made one. */
export const findCustomerId = async (db: Db, provider: string, memberId: number) =>
  (
    await db
      .selectFrom('payment_customers')
      .select('customer_id')
      .where('member_id', '=', memberId)
      .where('provider', '=', provider)
      .executeTakeFirst()
  )?.customer_id ?? null;

/**
 * The member's customer at the provider, made on their first payment with a method that can
 * leave a mandate (issue 10 §4). Two first checkouts at once: the provider's idempotency key
 * answers both with one customer, and the primary key keeps one row either way.
 */
export async function ensureCustomerId(
  db: Db,
  provider: PaymentProvider,
  memberId: number,
): Promise<string | null> {
  if (!provider.recurring) return null;
  const known = await findCustomerId(db, provider.name, memberId);
  if (known) return known;
  const created = await provider.recurring.createCustomer({
    memberId,
    idempotencyKey: `customer:${memberId}`,
  });
  await db
    .insertInto('payment_customers')
    .values({
      member_id: memberId,
      provider: provider.name,
      customer_id: created,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'provider']).doNothing())
    .execute();
  return findCustomerId(db, provider.name, memberId);
}

/** Whether a checkout with this method asks for a mandate (Mollie's sequenceType first). */
export const asksForMandate = (provider: PaymentProvider, method: PaymentMethod) =>
  provider.recurring !== undefined && RECURRING_METHODS.includes(method);

/**
 * The valid mandate a repeat order with `method` would charge: one of the kind that method's
 * first payment leaves (a card for a card, SEPA for iDEAL…), never another stored method,
 * and never one made from the direct-debit form (each of those purchases is confirmed with
 * its own texted code, spec §5).
 */
export async function findStoredMandate(
  db: Db,
  provider: PaymentProvider | null,
  memberId: number,
  method: PaymentMethod,
  charge: RepeatCharge,
): Promise<{ customerId: string; mandate: StoredMandate } | null> {
  if (!provider || !asksForMandate(provider, method)) return null;
  // issue 23 item 14: stored details are offered and charged only with the member's consent;
  // issue 29 item 5: and only for what it covers (that bundle, at the amount shown then).
  if (!(await consentCovers(db, memberId, mandateMethodOf(method), charge))) return null;
  const customerId = await findCustomerId(db, provider.name, memberId);
  if (!customerId) return null;
  const fromForms = new Set(
    (
      await db
        .selectFrom('direct_debit_requests')
        .select('mandate_id')
        .where('member_id', '=', memberId)
        .where('mandate_id', 'is not', null)
        .execute()
    ).map((row) => row.mandate_id),
  );
  const mandates = await provider.recurring!.findValidMandates(customerId);
  const mandate = mandates.find(
    (candidate) => candidate.method === mandateMethodOf(method) && !fromForms.has(candidate.id),
  );
  return mandate ? { customerId, mandate } : null;
}

/**
 * The member withdraws consent (issue 23 item 14). The consents end first, in the database:
 * from then on no repeat order offers or charges a mandate, whatever the provider answers.
 * Then every valid mandate of the member's customer is revoked at the provider; a failure
 * there is logged and left (the mandate is never used without consent), and a second
 * removal tries again.
 */
export async function removeStoredPayments(
  db: Db,
  provider: PaymentProvider | null,
  memberId: number,
  logProviderError: (error: unknown) => void,
): Promise<void> {
  await db
    .updateTable('mandate_consents')
    .set({ revoked_at: new Date().toISOString() })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
  if (!provider?.recurring) return;
  try {
    const customerId = await findCustomerId(db, provider.name, memberId);
    if (!customerId) return;
    for (const mandate of await provider.recurring.findValidMandates(customerId))
      await provider.recurring.revokeMandate(customerId, mandate.id);
  } catch (error) {
    logProviderError(error);
  }
}
