import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { Db } from '@server/db/database';
import { lockMemberRow } from '@server/db/member-lock';
import type { MemberEvents } from '@server/realtime/member-events';
import { AppError, invalidFields } from '@server/errors/app-error';
import { assertWithinSpendingCap } from './spending-cap';
import { debtOf } from '@server/features/credits';
import type { DiscountAsker } from './discounts';
import {
  type SupersededOrder,
  cancelSuperseded,
  claimOf,
  lockClaim,
  takeDiscountClaim,
} from './discount-claims';
import { toE164 } from '@server/sms/e164';
import { type SmsSender, SmsRefused } from '@server/sms/sms-sender';
import type { CheckoutLinks } from './checkout-service';
import { collectDirectDebit } from './direct-debit-collection';
import { priceOrder } from './order-quote';
import { assertMethodOffered } from './payment-context';
import { quotedPaymentColumns } from './payment-queries';
import type { PaymentProvider } from './providers/payment-provider';
import { directDebitCodeText } from './sms-texts';

const CODE_LIFETIME_MS = 10 * 60 * 1000;
/**
 * The mandate text the member confirms with the code (payments.json directdebit.mandate),
 * kept with the consent; a change of wording is a new version (2: the mandate is kept for
 * later purchases, each confirmed with its own code; issue 29 item 3).
 */
export const DIRECT_DEBIT_MANDATE_WORDING = 'directdebit-mandate-2';
/** spec §5 'Code ongeldig': after this many wrong codes the request is spent. */
export const MAX_CODE_ATTEMPTS = 5;

export interface DirectDebitForm {
  bundle: string;
  account_holder: string;
  iban: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  phone: string;
  code?: string | undefined;
  order_key: string;
}

const hashCode = (requestId: number, code: string) =>
  createHash('sha256').update(`${requestId}:${code}`).digest('hex');

/** A member's own monthly limits (members.direct_debit_limit_json), or null for the site's. */
export const monthlyLimitOf = (json: string | null): Record<string, number> | null =>
  json === null ? null : (JSON.parse(json) as Record<string, number>);

const startOfUtcMonth = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();

/**
 * spec §8: a member an operator blocked, one who owes credits after a reversal, or one over the site's monthly limit in their
 * currency (open, pending and paid direct debits of this calendar month count), is refused.
 * Run it inside the transaction that books the debit, after lockMemberRow: two confirmations
 * at once then see each other's booking, so together they cannot pass the limit. The
 * member's own spending cap is checked here too (issue 31 item 9).
 */
async function assertMayDirectDebit(db: Db, asker: DiscountAsker, amount: number) {
  const member = await db
    .selectFrom('members')
    .select(['direct_debit_blocked', 'direct_debit_limit_json'])
    .where('id', '=', asker.member.id)
    .executeTakeFirstOrThrow();
  if (member.direct_debit_blocked === 1) throw new AppError('direct_debit_blocked', 'forbidden');
  // Credits still owed after a chargeback or provider refund (issue 23 item 2).
  if ((await debtOf(db, asker.member.id)) > 0) throw new AppError('direct_debit_debt', 'forbidden');
  // The member's own limit on all purchases (issue 31 item 9).
  const currency = asker.context.currency;
  await assertWithinSpendingCap(db, asker.member.id, { amountCents: amount, currency }, asker.now);
  // A limit an admin set for this member wins over the site's (issue 30 item 8).
  const limits =
    monthlyLimitOf(member.direct_debit_limit_json) ??
    asker.context.settings.direct_debit_monthly_limit;
  const limit = limits[asker.context.currency];
  if (limit === undefined) return;
  const { total } = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .where('member_id', '=', asker.member.id)
    .where('method', '=', 'directdebit')
    .where('status', 'in', ['open', 'pending', 'paid'])
    .where('currency', '=', asker.context.currency)
    .where('created_at', '>=', startOfUtcMonth(asker.now))
    .executeTakeFirstOrThrow();
  if (Number(total) + amount > limit) throw new AppError('direct_debit_limit_reached', 'forbidden');
}

/**
 * spec §3 direct debit form: checks it (IBAN with ibantools), prices the order, stores the
 * mandate request and texts a one-time code to the member's phone.
 */
export async function requestDirectDebit(
  db: Db,
  sms: SmsSender,
  asker: DiscountAsker,
  form: DirectDebitForm,
  siteName: string,
  logError: (error: unknown) => void,
): Promise<{ request_id: number; phone_hint: string }> {
  assertMethodOffered(asker.context, 'directdebit');
  const iban = electronicFormatIBAN(form.iban) ?? '';
  if (!isValidIBAN(iban)) throw invalidFields({ iban: 'iban_invalid' });
  // An SMS provider needs the number in E.164: a national one takes the member's country.
  const phone = toE164(form.phone, asker.member.country ?? asker.context.country);
  if (!phone) throw invalidFields({ phone: 'phone_invalid' });
  const quote = await priceOrder(db, asker, {
    bundleId: form.bundle,
    method: 'directdebit',
    code: form.code,
  });
  await assertMayDirectDebit(db, asker, quote.price);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = await db
    .insertInto('direct_debit_requests')
    .values({
      member_id: asker.member.id,
      bundle_id: quote.bundle.id,
      discount_code: quote.discount?.code ?? null,
      order_key: form.order_key,
      account_holder: form.account_holder,
      iban,
      street: form.street,
      house_number: form.house_number,
      zip: form.zip,
      city: form.city,
      phone,
      code_hash: '',
      expires_at: new Date(asker.now.getTime() + CODE_LIFETIME_MS).toISOString(),
      created_at: asker.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('direct_debit_requests')
    .set({ code_hash: hashCode(row.id, code) })
    .where('id', '=', row.id)
    .execute();
  try {
    await sms.send(asker.siteId, phone, directDebitCodeText(asker.member.language, siteName, code));
  } catch (error) {
    // The gateway's no to this number is the member's to fix; anything else is ours.
    if (error instanceof SmsRefused) throw invalidFields({ phone: 'phone_invalid' });
    logError(error);
    throw new AppError('payment_provider_unavailable', 'unsupported');
  }
  return { request_id: row.id, phone_hint: phone.slice(-3) };
}

/**
 * spec §5: the SMS code confirms the mandate; a wrong one is 'Code ongeldig' and counts
 * against MAX_CODE_ATTEMPTS. The confirmation is the member's consent to the mandate text
 * (recorded with its version); the order is booked pending, then collected at the provider
 * as a recurring payment on a SEPA mandate made from the form (direct-debit-collection.ts).
 */
const findDirectDebitOrder = (db: Db, memberId: number, orderKey: string) =>
  db
    .selectFrom('payments')
    .select('id')
    .where('member_id', '=', memberId)
    .where('order_key', '=', orderKey)
    .executeTakeFirst();

export async function confirmDirectDebit(
  db: Db,
  events: MemberEvents,
  provider: PaymentProvider | null,
  asker: DiscountAsker,
  requestId: number,
  otp: string,
  links: CheckoutLinks,
): Promise<{ payment_id: number }> {
  // issue 29 item 3: never booked where nothing would collect it.
  if (!provider?.recurring) throw new AppError('payment_method_unavailable', 'invalid');
  const request = await db
    .selectFrom('direct_debit_requests')
    .selectAll()
    .where('id', '=', requestId)
    .where('member_id', '=', asker.member.id)
    .executeTakeFirst();
  if (!request) throw new AppError('not_found', 'not_found');
  if (request.payment_id !== null) {
    // Confirmed before: a retry resumes a collection a fault interrupted.
    await collectDirectDebit(db, events, provider, request.id, links);
    return { payment_id: request.payment_id };
  }
  // Each comparison first takes one of the tries, in one statement: guesses sent in parallel
  // cannot all read the same count and be compared (5 tries, not one per request).
  const tried = await db
    .updateTable('direct_debit_requests')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', request.id)
    .where('attempts', '<', MAX_CODE_ATTEMPTS)
    .executeTakeFirst();
  const expected = Buffer.from(request.code_hash);
  const given = Buffer.from(hashCode(request.id, otp));
  const spent =
    Number(tried.numUpdatedRows) !== 1 || Date.parse(request.expires_at) <= asker.now.getTime();
  if (spent || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError('otp_invalid', 'invalid');

  const quote = await priceOrder(db, asker, {
    bundleId: request.bundle_id,
    method: 'directdebit',
    code: request.discount_code ?? undefined,
  });
  const now = asker.now.toISOString();
  // Check and book in one transaction under the member's lock (spec §8 monthly limit).
  let superseded: SupersededOrder[] = [];
  const paymentId = await db.transaction().execute(async (trx) => {
    await lockMemberRow(trx, asker.member.id);
    const booked = await findDirectDebitOrder(trx, asker.member.id, request.order_key);
    if (booked) {
      // The key came from the client: one a checkout or another request used already must
      // not stand for this mandate (an unpaid iDEAL order, another bundle).
      const mine = await trx
        .selectFrom('direct_debit_requests')
        .select('payment_id')
        .where('id', '=', request.id)
        .executeTakeFirstOrThrow();
      if (mine.payment_id !== booked.id) throw new AppError('idempotency_key_reused', 'conflict');
      return booked.id;
    }
    await assertMayDirectDebit(trx, asker, quote.price);
    // A single-use code: refused when used or being paid; an open checkout's claim is
    // taken, and that checkout is cancelled at its provider below (if it is paid all the
    // same, fulfilment refunds it rather than granting the discount twice).
    const claim = claimOf(asker, quote.discount);
    if (claim) {
      await lockClaim(trx, claim, asker.member.id);
      superseded = await takeDiscountClaim(trx, claim, now);
    }
    const inserted = await trx
      .insertInto('payments')
      .values({
        ...quotedPaymentColumns(asker.siteId, asker.member.id, quote),
        method: 'directdebit',
        provider: provider.name,
        // Being paid: a checkout opened meanwhile finds the code held and cannot take it.
        status: 'pending',
        sequence_type: 'recurring',
        order_key: request.order_key,
        created_at: now,
        updated_at: now,
      })
      // A checkout that took the key at this very moment (the unique key keeps one order).
      .onConflict((conflict) => conflict.columns(['member_id', 'order_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new AppError('idempotency_key_reused', 'conflict');
    await trx
      .updateTable('direct_debit_requests')
      .set({
        payment_id: inserted.id,
        consented_at: now,
        consent_wording: DIRECT_DEBIT_MANDATE_WORDING,
      })
      .where('id', '=', request.id)
      .execute();
    return inserted.id;
  });
  await cancelSuperseded(db, provider, superseded);
  await collectDirectDebit(db, events, provider, request.id, links);
  return { payment_id: paymentId };
}
