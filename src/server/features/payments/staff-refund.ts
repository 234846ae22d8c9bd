import type { Db } from '@server/db/database';
import { lockMemberRow } from '@server/db/member-lock';
import { recordAudit } from '@server/db/staff-audit-table';
import type { Staff } from '@server/db/staff-record';
import { AppError } from '@server/errors/app-error';
import { bookCredits } from '@server/features/credits';
import type { MemberEvents } from '@server/realtime/member-events';
import type { PaymentProvider } from './providers/payment-provider';
import { claimRefund, finishRefund, providerOf, refundLedgerKey } from './refund-service';

/**
 * A refund an owner or admin gives from the console (issue 30 item 8), through the same
 * three steps as a member's withdrawal and the same provider call: the whole amount paid,
 * which the staff member confirms. More than was paid is refund_too_large; less is not
 * offered (the demo provider and our bookkeeping refund whole payments). Unlike a
 * withdrawal it needs neither the refund_days window nor unspent credits: it takes back as
 * many of the purchase's credits as the balance still holds and leaves no debt, since the
 * site chose to refund. Step 1 writes the audit row in its transaction.
 */
export async function refundAsStaff(
  db: Db,
  provider: PaymentProvider | null,
  events: MemberEvents,
  request: { staff: Staff; siteId: number; paymentId: number; amountCents: number },
  now = new Date(),
): Promise<void> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', request.paymentId)
    .where('site_id', '=', request.siteId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'not_found');
  // What is left of the payment: nothing once refunded, less what went back already.
  const left = row.status === 'refunded' ? 0 : row.amount_cents - row.reversed_cents;
  if (request.amountCents > left) throw new AppError('refund_too_large', 'invalid');
  if (
    row.status !== 'paid' ||
    row.fulfilled_at === null ||
    row.refund_requested_at !== null ||
    row.reversed_cents !== 0
  )
    throw new AppError('refund_not_allowed', 'conflict');
  if (request.amountCents !== row.amount_cents)
    throw new AppError('validation_failed', 'invalid', {
      fields: { amount_cents: 'partial_refund_unsupported' },
    });
  if (row.provider !== 'directdebit' && !providerOf(provider, row))
    throw new AppError('payment_provider_unavailable', 'unsupported');

  const requestedAt = now.toISOString();
  const balance = await db.transaction().execute(async (trx) => {
    await claimRefund(trx, row.id, requestedAt);
    await lockMemberRow(trx, row.member_id);
    const { credits } = await trx
      .selectFrom('members')
      .select('credits')
      .where('id', '=', row.member_id)
      .executeTakeFirstOrThrow();
    const taken = Math.min(credits, row.credits);
    const after =
      taken > 0
        ? await bookCredits(
            trx,
            {
              memberId: row.member_id,
              amount: -taken,
              reason: 'refund',
              idempotencyKey: refundLedgerKey(row.id, requestedAt),
            },
            { rowLocked: true },
          )
        : credits;
    await recordAudit(
      trx,
      {
        staffId: request.staff.id,
        action: 'payment.refund',
        siteId: request.siteId,
        subject: `payment ${row.id}`,
        before: { status: row.status, member_id: row.member_id, credits: credits },
        after: { amount_cents: row.amount_cents, currency: row.currency, credits_taken: taken },
      },
      now,
    );
    return after;
  });
  await events.send(row.member_id, { type: 'credits.changed', credits: balance });
  await finishRefund(db, provider, events, { ...row, refund_requested_at: requestedAt }, 'fresh');
}
