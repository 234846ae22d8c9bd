import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { dropPremiumUnlessStillPaid } from '@server/db/members-table';
import { AppError } from '@server/errors/app-error';
import { bookCredits, memberBalance } from '@server/features/credits';
import type { MemberEvents } from '@server/realtime/member-events';
import { type PaymentRow, findOwnPayment } from './payment-queries';
import { type PaymentProvider, RefundRefused } from './providers/payment-provider';
import { isRefundable } from './transaction-presenter';

/** A refund pending longer than this is taken as left behind (a crash) and may be resumed. */
export const STALE_REFUND_MS = 60 * 1000;

/**
 * issue 10 §7, the EU right of withdrawal for digital content (return-policy page): within
 * refund_days, while the credits are unspent, the member may cancel a purchase.
 *
 * The provider is never called inside a database transaction (it may take seconds, and a
 * held transaction would hold the member's row lock all that time). Instead:
 * 1. one transaction marks the refund requested and takes the credits back through the
 *    ledger (so they cannot be spent meanwhile; a second request finds it claimed);
 * 2. the provider refunds, with an idempotency key, so a retry is the same refund;
 * 3. a second transaction marks the payment refunded and applies the premium rule.
 * A provider's "no" gives the credits back and clears the request (nothing changed, as
 * before). Any other failure, or a crash between the steps, leaves the refund requested:
 * the member's retry after STALE_REFUND_MS and the periodic sweep (resumePendingRefunds)
 * finish it. Premium follows the spec's rule "the first purchase makes a member premium": a
 * withdrawn purchase never happened, so a member left without any paid purchase is free
 * again; one with another paid purchase stays premium.
 */
export async function refundPurchase(
  db: Db,
  provider: PaymentProvider | null,
  events: MemberEvents,
  member: Member,
  paymentId: number,
  refundDays: number,
  now = new Date(),
): Promise<void> {
  const row = await findOwnPayment(db, member.id, paymentId);
  if (row.status === 'paid' && isLeftBehind(row, now)) {
    await finishRefund(db, provider, events, row, 'resume');
    return;
  }
  const balanceNow = await memberBalance(db, member.id);
  if (row.refund_requested_at !== null || !isRefundable(row, balanceNow, refundDays))
    throw new AppError('refund_not_allowed', 'conflict');
  if (row.provider !== 'directdebit' && !providerOf(provider, row))
    throw new AppError('payment_provider_unavailable', 'unsupported');

  const requestedAt = now.toISOString();
  const balance = await db.transaction().execute(async (trx) => {
    await claimRefund(trx, row.id, requestedAt);
    return bookCredits(trx, {
      memberId: member.id,
      amount: -row.credits,
      reason: 'refund',
      idempotencyKey: refundLedgerKey(row.id, requestedAt),
    }).catch((error: unknown) => {
      // Spent in the meantime: the credits are no longer unspent.
      if (error instanceof AppError && error.code === 'insufficient_credits')
        throw new AppError('refund_not_allowed', 'conflict');
      throw error;
    });
  });
  await events.send(member.id, { type: 'credits.changed', credits: balance });
  await finishRefund(db, provider, events, { ...row, refund_requested_at: requestedAt }, 'fresh');
}

/**
 * Step 1's claim, shared by a member's withdrawal and a staff refund: marks a paid payment
 * that nothing has reversed yet as refund requested, or refuses when another request (or a
 * chargeback) came first. One conditional UPDATE, so two requests at once cannot both win.
 */
export async function claimRefund(trx: Db, paymentId: number, requestedAt: string) {
  const claimed = await trx
    .updateTable('payments')
    .set({ refund_requested_at: requestedAt })
    .where('id', '=', paymentId)
    .where('status', '=', 'paid')
    .where('refund_requested_at', 'is', null)
    .where('reversed_cents', '=', 0)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('refund_not_allowed', 'conflict');
}

/** Each request has its own ledger key, so a request undone after a "no" can be made again. */
export const refundLedgerKey = (paymentId: number, requestedAt: string) =>
  `refund:${paymentId}:${requestedAt}`;

export const providerOf = (provider: PaymentProvider | null, row: PaymentRow) =>
  provider && provider.name === row.provider && row.provider_payment_id ? provider : null;

const isLeftBehind = (row: PaymentRow, now: Date) =>
  row.refund_requested_at !== null &&
  now.getTime() - Date.parse(row.refund_requested_at) >= STALE_REFUND_MS;

/** Steps 2 and 3 for a payment whose refund is requested (credits already taken back). */
export async function finishRefund(
  db: Db,
  provider: PaymentProvider | null,
  events: MemberEvents,
  row: PaymentRow,
  attempt: 'fresh' | 'resume',
): Promise<void> {
  const requestedAt = row.refund_requested_at!;
  if (row.provider !== 'directdebit') {
    const refunder = providerOf(provider, row);
    try {
      if (!refunder) throw new Error(`no provider ${row.provider} to refund payment ${row.id}`);
      // A direct debit still being collected is stopped rather than refunded (issue 29 item
      // 3): the money never leaves the account; once collected, it is refunded as any payment.
      const stopped =
        row.method === 'directdebit' && (await refunder.cancelPayment(row.provider_payment_id!));
      if (!stopped)
        await refunder.refundPayment(row.provider_payment_id!, {
          cents: row.amount_cents,
          currency: row.currency,
        });
    } catch (error) {
      // A "no" to a first try: undo step 1. A "no" to a resumed one may come because the
      // first try did refund (the provider's key expired): that one waits for an operator.
      if (error instanceof RefundRefused && attempt === 'fresh') {
        await undoRefundRequest(db, events, row, requestedAt);
        throw new AppError('refund_not_allowed', 'conflict');
      }
      throw new AppError('payment_provider_unavailable', 'unsupported');
    }
  }
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('payments')
      .set({ status: 'refunded', refunded_at: new Date().toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'paid')
      .where('refund_requested_at', '=', requestedAt)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return;
    await dropPremiumUnlessStillPaid(trx, row.member_id);
  });
}

/** The provider said no: the credits go back and the purchase may be cancelled again later. */
async function undoRefundRequest(
  db: Db,
  events: MemberEvents,
  row: PaymentRow,
  requestedAt: string,
) {
  const balance = await db.transaction().execute(async (trx) => {
    const undone = await trx
      .updateTable('payments')
      .set({ refund_requested_at: null })
      .where('id', '=', row.id)
      .where('status', '=', 'paid')
      .where('refund_requested_at', '=', requestedAt)
      .executeTakeFirst();
    if (Number(undone.numUpdatedRows) !== 1) return null;
    // What the request took back (a staff refund takes only what the balance held).
    const taken = await trx
      .selectFrom('credit_transactions')
      .select('amount')
      .where('member_id', '=', row.member_id)
      .where('idempotency_key', '=', refundLedgerKey(row.id, requestedAt))
      .executeTakeFirst();
    if (!taken) return null;
    return bookCredits(trx, {
      memberId: row.member_id,
      amount: -taken.amount,
      reason: 'refund_undone',
      idempotencyKey: `refund-undone:${row.id}:${requestedAt}`,
    });
  });
  if (balance !== null)
    await events.send(row.member_id, { type: 'credits.changed', credits: balance });
}

/**
 * Refunds a paid order fulfilment marked for refund without granting it (it lost its
 * single-use discount, fulfilment.ts): no credits to take back, steps 2 and 3 only. A fault
 * leaves it requested for the sweep below, a "no" for an operator (as a resumed refund).
 */
export async function refundUnentitledPayment(
  db: Db,
  provider: PaymentProvider | null,
  events: MemberEvents,
  paymentId: number,
): Promise<void> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
  if (row.status !== 'paid' || row.refund_requested_at === null) return;
  await finishRefund(db, provider, events, row, 'resume').catch(() => {
    // Left requested: resumePendingRefunds retries it with the same idempotency key.
  });
}

/**
 * Finishes refunds left requested by a crash or a provider fault (run periodically and at
 * start). Each is retried with the same idempotency key, so the money goes back once.
 */
export async function resumePendingRefunds(
  db: Db,
  provider: PaymentProvider | null,
  events: MemberEvents,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'paid')
    .where('refund_requested_at', 'is not', null)
    .where('refund_requested_at', '<=', new Date(now.getTime() - STALE_REFUND_MS).toISOString())
    .orderBy('id')
    .limit(100)
    .execute();
  let finished = 0;
  for (const row of rows) {
    try {
      await finishRefund(db, provider, events, row, 'resume');
      finished += 1;
    } catch {
      // Still unknown or refused: the next sweep (or an operator) takes it from here.
    }
  }
  return finished;
}
