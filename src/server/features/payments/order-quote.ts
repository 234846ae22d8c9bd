import type { Discount, PaymentMethod, Quote } from '@contract/payments';
import type { Db } from '@server/db/database';
import { AppError } from '@server/errors/app-error';
import {
  type DiscountAsker,
  type DiscountedOrder,
  assertDiscountApplies,
  automaticDiscount,
  findDiscount,
} from './discounts';
import { bundleOf } from './payment-context';

export interface OrderRequest {
  bundleId: string;
  method?: PaymentMethod | undefined;
  code?: string | undefined;
}

/** The discount on a list price, rounded to the cent. */
export const discountAmountOf = (listPrice: number, percentage: number) =>
  Math.round((listPrice * percentage) / 100);

/** The VAT inside a price that includes it, rounded to the cent. */
export const vatShareOf = (price: number, vatPercent: number) =>
  Math.round((price * vatPercent) / (100 + vatPercent));

/**
 * Prices one order on the server (issue 10: tampered prices or bundle ids are ignored). A
 * typed code that fails leaves the error in `discount_error` (spec §5) and the member keeps
 * the automatic discount, if any, as without a code (spec §4: the time bonus wins; issue 23
 * item 8: a wrong code never takes the time bonus away).
 */
export async function quoteOrder(
  db: Db,
  asker: DiscountAsker,
  order: OrderRequest,
): Promise<Quote> {
  return (await priceWithReason(db, asker, order)).quote;
}

/** Like quoteOrder, but a failing code refuses the order: nobody pays a price they did not see. */
export async function priceOrder(
  db: Db,
  asker: DiscountAsker,
  order: OrderRequest,
): Promise<Quote> {
  const { quote, refusal } = await priceWithReason(db, asker, order);
  if (refusal) throw refusal;
  return quote;
}

async function applicableAutomaticDiscount(
  db: Db,
  asker: DiscountAsker,
  order: DiscountedOrder,
): Promise<Discount | null> {
  const discount = await automaticDiscount(db, asker);
  if (!discount) return null;
  try {
    assertDiscountApplies(discount, asker.context, order);
    return discount;
  } catch {
    return null;
  }
}

async function priceWithReason(db: Db, asker: DiscountAsker, order: OrderRequest) {
  const { context } = asker;
  const bundle = bundleOf(context, order.bundleId);
  const orderShape = { listPrice: bundle.price, method: order.method };

  let discount: Discount | null = null;
  let refusal: AppError | null = null;
  if (order.code) {
    try {
      discount = await findDiscount(db, asker, order.code);
      assertDiscountApplies(discount, context, orderShape);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      discount = null;
      refusal = error;
    }
  }
  if (!discount) discount = await applicableAutomaticDiscount(db, asker, orderShape);

  const discountAmount = discount ? discountAmountOf(bundle.price, discount.value_percentage) : 0;
  const price = bundle.price - discountAmount;
  const quote: Quote = {
    bundle: {
      id: bundle.id,
      credits: bundle.credits,
      price: bundle.price,
      popular: bundle.popular,
    },
    currency: context.currency,
    list_price: bundle.price,
    discount_amount: discountAmount,
    price,
    vat_percent: context.vatPercent,
    vat_amount: vatShareOf(price, context.vatPercent),
    discount,
    discount_error: refusal?.code ?? null,
  };
  return { quote, refusal };
}
