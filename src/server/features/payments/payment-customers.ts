import type { PaymentMethod } from '@contract/payments';
import { RECURRING_METHODS } from '@contract/payments';
import type { Db } from '@server/db/database';
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
 * first payment leaves (a card for a card, SEPA for iDEAL…), never another stored method.
 */
export async function findStoredMandate(
  db: Db,
  provider: PaymentProvider | null,
  memberId: number,
  method: PaymentMethod,
): Promise<{ customerId: string; mandate: StoredMandate } | null> {
  if (!provider || !asksForMandate(provider, method)) return null;
  const customerId = await findCustomerId(db, provider.name, memberId);
  if (!customerId) return null;
  const mandates = await provider.recurring!.findValidMandates(customerId);
  const mandate = mandates.find((candidate) => candidate.method === mandateMethodOf(method));
  return mandate ? { customerId, mandate } : null;
}
