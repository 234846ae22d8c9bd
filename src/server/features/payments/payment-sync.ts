import type { Db } from '@server/db/database';
import type { MemberEvents } from '@server/realtime/member-events';
import { applyProviderStatus } from './fulfilment';
import { type PaymentRow, findPaymentByProviderId } from './payment-queries';
import { applyReversals } from './payment-reversals';
import type { PaymentProvider } from './providers/payment-provider';
import { refundUnentitledPayment } from './refund-service';

export interface SyncDeps {
  db: Db;
  events: MemberEvents;
  provider: PaymentProvider | null;
}

/**
 * Asks the provider about one of our payments and applies what it says. The provider's
 * answer must be about this very payment (our id in its metadata, the same amount and
 * currency); anything else is ignored, so a forged or mixed-up id grants nothing.
 */
export async function syncPayment(deps: SyncDeps, row: PaymentRow): Promise<void> {
  const { provider } = deps;
  if (!provider || provider.name !== row.provider || !row.provider_payment_id) return;
  const remote = await provider.getPayment(row.provider_payment_id);
  if (
    !remote ||
    remote.id !== row.provider_payment_id ||
    remote.paymentId !== row.id ||
    remote.amountCents !== row.amount_cents ||
    remote.currency !== row.currency
  )
    return;
  // A direct debit is granted once its collection is under way (direct-debit-collection.ts):
  // when the bank then refuses it, the credits go back as after a chargeback.
  if (
    row.method === 'directdebit' &&
    row.fulfilled_at !== null &&
    (remote.status === 'failed' || remote.status === 'canceled' || remote.status === 'expired')
  ) {
    const whole = { chargedBackCents: row.amount_cents, refundedCents: 0 };
    await applyReversals(deps.db, deps.events, row.id, whole, 'collection_failed');
    return;
  }
  const applied = await applyProviderStatus(deps.db, deps.events, row.id, remote.status);
  // A paid order that lost its single-use discount: the money goes back at once.
  if (applied === 'refund') await refundUnentitledPayment(deps.db, provider, deps.events, row.id);
  // Chargebacks and refunds made at the provider leave the status paid (issue 23 item 2).
  await applyReversals(deps.db, deps.events, row.id, remote);
}

/**
 * A webhook call: only the id in it is read (issue 10). An id we never created, or one of
 * another site, changes nothing; the answer is the same either way, so ids cannot be probed.
 */
export async function handleWebhook(
  deps: SyncDeps,
  siteId: number,
  providerPaymentId: string,
): Promise<void> {
  if (!deps.provider) return;
  const row = await findPaymentByProviderId(deps.db, deps.provider.name, providerPaymentId);
  if (!row || row.site_id !== siteId) return;
  await syncPayment(deps, row);
}
