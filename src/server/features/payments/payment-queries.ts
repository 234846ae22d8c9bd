import type { Selectable } from 'kysely';
import type { Quote } from '@contract/payments';
import type { Db } from '@server/db/database';
import type { PaymentsTable } from '@server/db/tables/payment-tables';
import { AppError } from '@server/errors/app-error';

export type PaymentRow = Selectable<PaymentsTable>;

/**
 * The columns of a new order that come from its server-side quote (issue 10: the client never
 * sends a price), shared by provider checkouts and direct debits.
 */
export const quotedPaymentColumns = (siteId: number, memberId: number, quote: Quote) => ({
  site_id: siteId,
  member_id: memberId,
  bundle_id: quote.bundle.id,
  credits: quote.bundle.credits,
  currency: quote.currency,
  list_price_cents: quote.list_price,
  discount_cents: quote.discount_amount,
  amount_cents: quote.price,
  vat_percent: quote.vat_percent,
  discount_code: quote.discount?.code ?? null,
});

/** One of the member's own payments; anyone else's id is not_found (issue 10). */
export async function findOwnPayment(db: Db, memberId: number, id: number): Promise<PaymentRow> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'not_found');
  return row;
}

export const findPaymentByProviderId = (db: Db, provider: string, providerPaymentId: string) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();

export const listOwnPayments = (db: Db, memberId: number) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();

/** The last paid order, for the repeat order (issue 10 §4). */
export const findLastPaidPayment = (db: Db, memberId: number) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'paid')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
