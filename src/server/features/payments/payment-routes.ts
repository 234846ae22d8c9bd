import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FINAL_STATUSES,
  ISSUERS_BY_METHOD,
  type PaymentMethod,
  type PaymentStatus,
} from '@contract/payments';
import { paymentsApi } from '@contract/endpoints/payments';
import type { Member } from '@server/db/member-record';
import { AppError } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import { debtOf, memberBalance } from '@server/features/credits';
import type { Services } from '@server/services';
import { checkoutLinksOf } from './checkout-links';
import { startCheckout } from './checkout-service';
import { type DiscountAsker, automaticDiscount, findDiscount } from './discounts';
import { discountAmountOf, quoteOrder } from './order-quote';
import { activeConsents } from './mandate-consents';
import { bundlesFor, directDebitWorks, paymentContextOf } from './payment-context';
import { removeStoredPayments } from './payment-customers';
import { findLastPaidPayment, findOwnPayment, listOwnPayments } from './payment-queries';
import { syncPayment } from './payment-sync';
import type { PaymentProvider } from './providers/payment-provider';
import { refundPurchase } from './refund-service';
import { repeatOrder, storedMandateView } from './repeat-order-service';
import { presentTransaction } from './transaction-presenter';

/**
 * The status page asks every 2 s (30 a minute); three tabs at once stay well within this.
 * Beyond it each ask would reach the provider, so a script cannot hammer it through us.
 */
export const PAYMENT_STATUS_ASKS_PER_MINUTE = 90;

/** Credits, checkout, transactions and refunds (issue 10; spec §2, §4, §7). */
export function paymentRoutes(
  app: FastifyInstance,
  { db, events, rateLimiter, sms }: Services,
  provider: PaymentProvider | null,
) {
  const offersDirectDebit = directDebitWorks(provider, sms);
  const askerOf = (request: FastifyRequest, member: Member): DiscountAsker => ({
    siteId: request.site.id,
    member,
    context: paymentContextOf(request.site, member.country, offersDirectDebit),
    now: new Date(),
  });
  const linksOf = checkoutLinksOf;
  const currentBalance = (memberId: number) => memberBalance(db, memberId);

  registerEndpoint(app, paymentsApi.bundles, async ({ request, reply, member, query }) => {
    const context = paymentContextOf(
      request.site,
      member?.country ?? query.country ?? null,
      offersDirectDebit,
    );
    const asker = member && { ...askerOf(request, member), context };
    const last = member ? await findLastPaidPayment(db, member.id) : undefined;
    const discount = asker ? await automaticDiscount(db, asker) : null;
    const creditsOwed = member ? await debtOf(db, member.id) : 0;
    reply.header('cache-control', 'private, no-store');
    return {
      country: context.country,
      currency: context.currency,
      vat_percent: context.vatPercent,
      bundles: bundlesFor(context).map(({ id, credits, price, popular }) => ({
        id,
        credits,
        price,
        popular,
        discounted_price: discount
          ? price - discountAmountOf(price, discount.value_percentage)
          : null,
      })),
      methods: context.methods,
      issuers: Object.fromEntries(
        context.methods.flatMap((method) => {
          const issuers = ISSUERS_BY_METHOD[method];
          return issuers ? [[method, [...issuers]]] : [];
        }),
      ),
      discount,
      credits_owed: creditsOwed,
      last_order: last
        ? {
            bundle: last.bundle_id,
            method: last.method as PaymentMethod,
            // Only the repeat-order page asks the provider (issue 10 §4).
            ...(asker && query.repeat === 'true'
              ? { stored: await storedMandateView(db, provider, asker) }
              : {}),
          }
        : null,
    };
  });

  // spec §7: the query is passed through; welcome=true asks for the automatic discount.
  registerEndpoint(app, paymentsApi.discountCode, async ({ request, member, query }) => {
    const asker = askerOf(request, member);
    if (query.welcome === 'true' || !query.code) {
      const discount = await automaticDiscount(db, asker);
      if (!discount) throw new AppError('discount_not_found', 'not_found');
      return { discount };
    }
    return { discount: await findDiscount(db, asker, query.code) };
  });

  registerEndpoint(app, paymentsApi.quote, async ({ request, member, query }) => ({
    quote: await quoteOrder(db, askerOf(request, member), {
      bundleId: query.bundle,
      method: query.method,
      code: query.code,
    }),
  }));

  registerEndpoint(app, paymentsApi.checkout, async ({ request, member, body }) =>
    startCheckout(
      db,
      provider,
      askerOf(request, member),
      {
        bundleId: body.bundle,
        method: body.method,
        issuer: body.issuer,
        code: body.code,
        orderKey: body.order_key,
        storeForRepeat: body.store_for_repeat,
      },
      linksOf(request),
    ),
  );

  registerEndpoint(app, paymentsApi.repeatOrder, async ({ request, member, body }) => {
    const { charged, ...result } = await repeatOrder(
      db,
      provider,
      askerOf(request, member),
      { orderKey: body.order_key, chargeStored: body.charge_stored },
      linksOf(request),
    );
    // A card or PayPal charge is often decided at once: grant now, through the one fulfilment.
    if (charged) {
      const row = await findOwnPayment(db, member.id, result.payment_id);
      if (!FINAL_STATUSES.includes(row.status as PaymentStatus))
        await syncPayment({ db, events, provider }, row);
    }
    return result;
  });

  registerEndpoint(app, paymentsApi.payment, async ({ request, reply, member, query }) => {
    if (!(await rateLimiter.hit(`payment-status:${member.id}`, PAYMENT_STATUS_ASKS_PER_MINUTE, 60)))
      throw new AppError('too_many_requests', 'rate_limited');
    let row = await findOwnPayment(db, member.id, query.id);
    // The status page asks until the payment is final; each ask checks with the provider,
    // so the page tells the truth even when a webhook is late or never comes.
    if (!FINAL_STATUSES.includes(row.status as PaymentStatus)) {
      await syncPayment({ db, events, provider }, row);
      row = await findOwnPayment(db, member.id, query.id);
    }
    const credits = await currentBalance(member.id);
    reply.header('cache-control', 'private, no-store');
    return {
      transaction: presentTransaction(row, credits, request.site.settings.refund_days),
      credits,
    };
  });

  registerEndpoint(app, paymentsApi.transactions, async ({ request, reply, member }) => {
    const [rows, credits, storedPayments, creditsOwed] = await Promise.all([
      listOwnPayments(db, member.id),
      currentBalance(member.id),
      activeConsents(db, member.id),
      debtOf(db, member.id),
    ]);
    reply.header('cache-control', 'private, no-store');
    return {
      transactions: rows.map((row) =>
        presentTransaction(row, credits, request.site.settings.refund_days),
      ),
      stored_payments: storedPayments,
      credits_owed: creditsOwed,
    };
  });

  // issue 23 item 14: the member removes the payment details kept for repeat orders.
  registerEndpoint(app, paymentsApi.removeStoredPayments, async ({ request, member }) => {
    await removeStoredPayments(db, provider, member.id, linksOf(request).logProviderError);
    return { ok: true as const };
  });

  registerEndpoint(app, paymentsApi.refund, async ({ request, member, body }) => {
    const refundDays = request.site.settings.refund_days;
    await refundPurchase(db, provider, events, member, body.payment_id, refundDays);
    const row = await findOwnPayment(db, member.id, body.payment_id);
    const credits = await currentBalance(member.id);
    return { transaction: presentTransaction(row, credits, refundDays), credits };
  });
}
