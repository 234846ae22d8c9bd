import type { AdminPayment, transactionsQuerySchema } from '@contract/admin-business';
import type { PaymentStatus } from '@contract/payments';
import type { z } from 'zod';
import type { Db } from '@server/db/database';
import { AppError } from '@server/errors/app-error';

/** One page of the console's transactions list. */
export const PAYMENTS_PAGE = 50;

const columns = [
  'payments.id',
  'payments.member_id',
  'members.name as member_name',
  'payments.bundle_id',
  'payments.credits',
  'payments.currency',
  'payments.list_price_cents',
  'payments.discount_cents',
  'payments.amount_cents',
  'payments.discount_code',
  'payments.method',
  'payments.provider',
  'payments.status',
  'payments.reversed_cents',
  'payments.refund_requested_at',
  'payments.fulfilled_at',
  'payments.created_at',
  'payments.refunded_at',
] as const;

const baseQuery = (db: Db, siteId: number) =>
  db
    .selectFrom('payments')
    .innerJoin('members', 'members.id', 'payments.member_id')
    .select(columns)
    .where('payments.site_id', '=', siteId);

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

/** What refundAsStaff would give back now (refund-service.ts): the whole amount, or nothing. */
const refundableCents = (row: Row) =>
  row.status === 'paid' &&
  row.fulfilled_at !== null &&
  row.refund_requested_at === null &&
  row.reversed_cents === 0
    ? row.amount_cents
    : 0;

const present = (row: Row): AdminPayment => ({
  id: row.id,
  member_id: row.member_id,
  member_name: row.member_name,
  bundle_id: row.bundle_id,
  credits: row.credits,
  currency: row.currency,
  list_price_cents: row.list_price_cents,
  discount_cents: row.discount_cents,
  amount_cents: row.amount_cents,
  discount_code: row.discount_code,
  method: row.method,
  provider: row.provider,
  status: row.status as PaymentStatus,
  reversed_cents: row.reversed_cents,
  refund_requested_at: row.refund_requested_at,
  created_at: row.created_at,
  refunded_at: row.refunded_at,
  refundable_cents: refundableCents(row),
});

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600 * 1000).toISOString();

/**
 * The site's payments, newest first, filtered by member, status, method and period (UTC
 * days, both included); keyset pages by id, so a page never repeats or skips a row.
 */
export async function listPayments(
  db: Db,
  siteId: number,
  filters: z.infer<typeof transactionsQuerySchema>,
) {
  let query = baseQuery(db, siteId)
    .orderBy('payments.id', 'desc')
    .limit(PAYMENTS_PAGE + 1);
  if (filters.member) query = query.where('payments.member_id', '=', filters.member);
  if (filters.status) query = query.where('payments.status', '=', filters.status);
  if (filters.method) query = query.where('payments.method', '=', filters.method);
  if (filters.from)
    query = query.where('payments.created_at', '>=', `${filters.from}T00:00:00.000Z`);
  if (filters.to) query = query.where('payments.created_at', '<', nextDay(filters.to));
  if (filters.before) query = query.where('payments.id', '<', filters.before);
  const rows = await query.execute();
  const page = rows.slice(0, PAYMENTS_PAGE);
  return {
    payments: page.map(present),
    next_before: rows.length > PAYMENTS_PAGE ? page[page.length - 1]!.id : null,
  };
}

export async function findSitePayment(db: Db, siteId: number, id: number): Promise<AdminPayment> {
  const row = await baseQuery(db, siteId).where('payments.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', 'not_found');
  return present(row);
}
