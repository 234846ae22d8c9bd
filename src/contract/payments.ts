import { z } from 'zod';
import { idParamSchema, idSchema } from './ids';
import { plainLine } from './plain-text';
import { countryCodeSchema } from './settings';

// Credits and payments (issue 10; spec §1, §2, §3, §4, §5, §7, §8, §9).

/** spec §1 "Payment methods seen", by the ids Mollie uses; directdebit is the spec's sdd. */
export const PAYMENT_METHODS = [
  'ideal',
  'bancontact',
  'creditcard',
  'paypal',
  'applepay',
  'banktransfer',
  'sofort',
  'eps',
  'przelewy24',
  'directdebit',
] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Methods whose checkout lets the member pick a bank first (spec §2 "bank choice"). */
export const ISSUERS_BY_METHOD: Partial<Record<PaymentMethod, readonly string[]>> = {
  ideal: [
    'ideal_ABNANL2A',
    'ideal_ASNBNL21',
    'ideal_BUNQNL2A',
    'ideal_INGBNL2A',
    'ideal_KNABNL2H',
    'ideal_RABONL2U',
    'ideal_RBRBNL21',
    'ideal_REVOLT21',
    'ideal_SNSBNL2A',
    'ideal_TRIONL2U',
  ],
};
/** The banks' names as their customers know them; not translated. */
export const ISSUER_NAMES: Record<string, string> = {
  ideal_ABNANL2A: 'ABN AMRO',
  ideal_ASNBNL21: 'ASN Bank',
  ideal_BUNQNL2A: 'bunq',
  ideal_INGBNL2A: 'ING',
  ideal_KNABNL2H: 'Knab',
  ideal_RABONL2U: 'Rabobank',
  ideal_RBRBNL21: 'RegioBank',
  ideal_REVOLT21: 'Revolut',
  ideal_SNSBNL2A: 'SNS',
  ideal_TRIONL2U: 'Triodos Bank',
};

/**
 * Methods whose first payment can leave a mandate for later charges without a checkout
 * (Mollie recurring: cards and PayPal keep their own; the bank methods leave a SEPA
 * direct-debit mandate). Bank transfer, Apple Pay and Przelewy24 are not among them here.
 */
export const RECURRING_METHODS: readonly PaymentMethod[] = [
  'creditcard',
  'paypal',
  'ideal',
  'bancontact',
  'eps',
  'sofort',
];

export const currencySchema = z.string().regex(/^[A-Z]{3}$/);
/** Amounts are whole cents (the smallest unit of the currency), never floats. */
const centsSchema = z.number().int().nonnegative();

// ---- What a site stores (sites.settings_json → payments) -------------------------------

export const bundleSettingSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,32}$/),
  credits: z.number().int().positive(),
  /** Price per currency in cents, VAT included; a currency missing here is not offered. */
  prices: z.record(currencySchema, centsSchema),
  /** Marked as the recommended choice. */
  popular: z.boolean().default(false),
});
export type BundleSetting = z.infer<typeof bundleSettingSchema>;

export const paymentSettingsSchema = z.object({
  bundles: z.array(bundleSettingSchema).min(1),
  /** Methods offered per payment country, in the order shown (spec §2 "method choice"). */
  methods: z.record(countryCodeSchema, z.array(paymentMethodSchema)),
  /** VAT rate per country in percent; prices include it (the receipt shows the share). */
  vat_percent: z.record(countryCodeSchema, z.number().min(0).max(50)),
  /** spec §8: "Uw limiet voor automatische incasso betalingen is bereikt", per calendar month. */
  direct_debit_monthly_limit: z.record(currencySchema, centsSchema),
  /** spec §1, §9: the welcome discount of 25 % on the first purchase lasts this long. */
  welcome_discount_hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

const euro = (starter: number, popular: number, value: number, best: number) => ({
  starter,
  popular,
  value,
  best,
});
// What a credit costs at the largest bundle matches minimum_message_costs (5 credits a message).
const PRICE_TABLE: Record<string, ReturnType<typeof euro>> = {
  EUR: euro(1495, 2995, 4995, 7795),
  CHF: euro(1595, 3295, 5495, 8995),
  GBP: euro(1295, 2595, 4395, 6995),
  USD: euro(1695, 3495, 5795, 8995),
  PLN: euro(5995, 12995, 21995, 31795),
  DKK: euro(10995, 22995, 38995, 58995),
  NOK: euro(16995, 34995, 57995, 89795),
  SEK: euro(16995, 34995, 57995, 89795),
};
const pricesOf = (bundle: keyof ReturnType<typeof euro>) =>
  Object.fromEntries(Object.entries(PRICE_TABLE).map(([currency, row]) => [currency, row[bundle]]));

const CARDS: PaymentMethod[] = ['creditcard', 'paypal', 'applepay'];
/** A site without its own payment settings sells these (the demo site does). */
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  bundles: [
    { id: 'starter', credits: 100, prices: pricesOf('starter'), popular: false },
    { id: 'popular', credits: 250, prices: pricesOf('popular'), popular: true },
    { id: 'value', credits: 500, prices: pricesOf('value'), popular: false },
    { id: 'best', credits: 1000, prices: pricesOf('best'), popular: false },
  ],
  methods: {
    NL: ['ideal', 'directdebit', ...CARDS, 'banktransfer'],
    BE: ['bancontact', ...CARDS, 'banktransfer'],
    DE: ['sofort', ...CARDS, 'banktransfer'],
    AT: ['eps', 'sofort', ...CARDS, 'banktransfer'],
    CH: [...CARDS, 'banktransfer'],
    PL: ['przelewy24', ...CARDS],
  },
  vat_percent: {
    NL: 21,
    BE: 21,
    DE: 19,
    AT: 20,
    CH: 8.1,
    GB: 20,
    IE: 23,
    US: 0,
    FR: 20,
    IT: 22,
    ES: 21,
    PL: 23,
    DK: 25,
    FI: 25.5,
    NO: 25,
    SE: 25,
  },
  direct_debit_monthly_limit: { EUR: 15000 },
  welcome_discount_hours: 24,
};
/** Countries without their own list get these. */
export const FALLBACK_METHODS: PaymentMethod[] = [...CARDS, 'banktransfer'];

// ---- Discounts (spec §3 "Discount code", §5, §7, §9) ----------------------------------

export { TIME_BONUS_CODE, TIME_BONUS_PERCENTAGE, TIME_BONUS_SECONDS } from './time-bonus';
/** spec §1, §9: the welcome discount, 25 % on the first purchase, with a countdown. */
export const WELCOME_CODE = 'WELCOME25';
export const WELCOME_PERCENTAGE = 25;

export const discountCodeTextSchema = plainLine(
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,32}$/, 'invalid_value'),
);

/** spec §3 "Discount code": every field, as the member may see them for their own code. */
export const discountSchema = z.object({
  code: z.string(),
  country: countryCodeSchema.nullable(),
  user_id: z.number().int().nullable(),
  expires: z.iso.datetime().nullable(),
  value_percentage: z.number().int().min(1).max(100),
  currency: currencySchema.nullable(),
  minimum_order_value: centsSchema,
  status: z.enum(['active', 'inactive']),
  validity: z.enum(['once', 'once_per_user', 'many']),
  expired: z.boolean(),
  paymentmethods: z.array(paymentMethodSchema),
});
export type Discount = z.infer<typeof discountSchema>;

/** spec §7 GET /api/discountcode.php: query parameters passed through, or welcome=true. */
export const discountQuerySchema = z
  .object({
    code: discountCodeTextSchema.optional(),
    welcome: z.enum(['true', 'false']).optional(),
    bundle: z.string().max(32).optional(),
    method: paymentMethodSchema.optional(),
  })
  .loose();
export const discountAnswerSchema = z.object({ discount: discountSchema });

/** What a mandate charges (issue 10 §4): a card, a bank account or PayPal. */
export const mandateMethodSchema = z.enum(['creditcard', 'directdebit', 'paypal']);

/**
 * The stored card, account or PayPal a repeat order would charge without a checkout
 * (issue 10 §4): shown to the member, with the last digits when known, before confirming.
 */
export const storedMandateSchema = z.object({
  mandate_id: z.string(),
  method: mandateMethodSchema,
  last_digits: z.string().nullable(),
});
export type StoredMandateView = z.infer<typeof storedMandateSchema>;

// ---- Bundles, quotes and checkout ------------------------------------------------------

/** One bundle as the member sees it: the price in their currency, computed by the server. */
export const bundleSchema = z.object({
  id: z.string(),
  credits: z.number().int().positive(),
  price: centsSchema,
  popular: z.boolean(),
});
export type Bundle = z.infer<typeof bundleSchema>;

/** A visitor (/pricing) names the country the settings picked; a member's own is used. */
export const bundlesQuerySchema = z.object({
  country: countryCodeSchema.optional(),
  /** /credits/repeat-order: also ask the provider for the stored mandate of the last order. */
  repeat: z.enum(['true']).optional(),
});
/** Credits a member owes after a reversed payment (only ever their own). */
const creditsOwedSchema = z.number().int().min(0);

export const bundlesAnswerSchema = z.object({
  /** The payment country the methods and currency follow (spec §3 "payment country"). */
  country: countryCodeSchema,
  currency: currencySchema,
  vat_percent: z.number(),
  bundles: z.array(
    bundleSchema.extend({
      /** The price with `discount`, when there is one (the server's arithmetic). */
      discounted_price: centsSchema.nullable(),
    }),
  ),
  methods: z.array(paymentMethodSchema),
  issuers: z.record(z.string(), z.array(z.string())),
  /** The discount the member would get now (time bonus before welcome), if any. */
  discount: discountSchema.nullable(),
  /**
   * Credits the member owes since a chargeback or a refund made at the provider took back
   * more than the balance held (issue 23 item 2); the next purchase settles them first, and
   * until then direct debit is refused. 0 for a visitor and for a member who owes nothing.
   */
  credits_owed: creditsOwedSchema,
  /** The last paid order, for /credits/repeat-order; null before the first. */
  last_order: z
    .object({
      bundle: z.string(),
      method: paymentMethodSchema,
      /** Asked with repeat=true: the valid mandate a confirmed repeat order charges, or null. */
      stored: storedMandateSchema.nullable().optional(),
    })
    .nullable(),
});
export type BundlesAnswer = z.infer<typeof bundlesAnswerSchema>;

export const quoteQuerySchema = z.object({
  bundle: z.string().max(32),
  method: paymentMethodSchema.optional(),
  code: discountCodeTextSchema.optional(),
});
export const quoteSchema = z.object({
  bundle: bundleSchema,
  currency: currencySchema,
  list_price: centsSchema,
  discount_amount: centsSchema,
  price: centsSchema,
  vat_percent: z.number(),
  vat_amount: centsSchema,
  discount: discountSchema.nullable(),
  /**
   * Why the asked code gives no discount (spec §5). The price is then the one without it: the
   * automatic discount (time bonus, else welcome) when the member has one, else the full price.
   */
  discount_error: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteAnswerSchema = z.object({ quote: quoteSchema });

/** A one-time key the page picks per checkout, so a double click or a retry pays once. */
export const orderKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const checkoutRequestSchema = z.object({
  bundle: z.string().max(32),
  method: paymentMethodSchema,
  issuer: z.string().max(40).optional(),
  code: discountCodeTextSchema.optional(),
  order_key: orderKeySchema,
  /**
   * issue 23 item 14: the member ticked "save these payment details for repeat orders" (an
   * unticked option, shown with the amount rule). Only then does the payment leave a mandate.
   */
  store_for_repeat: z.boolean().optional(),
});
export const checkoutAnswerSchema = z.object({
  payment_id: z.number().int(),
  /** The provider's checkout page; the member comes back on the payment status page. */
  checkout_url: z.string(),
});

export const repeatOrderRequestSchema = z.object({
  order_key: orderKeySchema,
  /**
   * The member's explicit confirmation of a charge on the stored mandate they were shown,
   * at the price they were shown; without it the repeat order is a new checkout.
   */
  charge_stored: z.object({ mandate_id: z.string().max(64), price: centsSchema }).optional(),
});

// ---- Payments, transactions and receipts -----------------------------------------------

/** The provider's statuses, plus refunded (issue 10 §7). */
export const PAYMENT_STATUSES = [
  'open',
  'pending',
  'paid',
  'failed',
  'canceled',
  'expired',
  'refunded',
] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
/** Statuses that never change again, except paid → refunded. */
export const FINAL_STATUSES: readonly PaymentStatus[] = [
  'paid',
  'failed',
  'canceled',
  'expired',
  'refunded',
];

export const transactionSchema = z.object({
  id: z.number().int(),
  bundle: z.string(),
  credits: z.number().int(),
  currency: currencySchema,
  list_price: centsSchema,
  discount_amount: centsSchema,
  discount_code: z.string().nullable(),
  price: centsSchema,
  vat_percent: z.number(),
  vat_amount: centsSchema,
  method: paymentMethodSchema,
  status: paymentStatusSchema,
  created_at: z.iso.datetime(),
  paid_at: z.iso.datetime().nullable(),
  /** Whether the member may still cancel it (issue 10 §7: within refund_days, unspent). */
  refundable: z.boolean(),
  /** Where to continue an unfinished payment. */
  checkout_url: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const paymentQuerySchema = z.object({ id: idParamSchema });
export const paymentAnswerSchema = z.object({
  transaction: transactionSchema,
  /** The member's balance now, so the status page can show what the purchase brought. */
  credits: z.number().int().nonnegative(),
});
/** Payment details the member allowed us to keep for repeat orders (issue 23 item 14). */
export const storedPaymentSchema = z.object({
  method: mandateMethodSchema,
  /** When the member gave the consent, at checkout. */
  since: z.iso.datetime(),
});
export type StoredPaymentView = z.infer<typeof storedPaymentSchema>;
export const transactionsAnswerSchema = z.object({
  transactions: z.array(transactionSchema),
  /** As in the bundles answer: what the member owes after a reversed payment. */
  credits_owed: creditsOwedSchema,
  /** One per kind (card, bank account, PayPal); removable at once from the purchases page. */
  stored_payments: z.array(storedPaymentSchema),
});
export const refundRequestSchema = z.object({ payment_id: idSchema });

/** Cents, at most €/£ 100,000 a month: a limit beyond that is no limit. */
const capCentsSchema = z.number().int().min(0).max(10_000_000);

/**
 * A member's own monthly limit on credit purchases (issue 31 item 9): the limit in force,
 * what this month has cost in its currency, and a raise that waits 24 hours.
 */
export const spendingCapAnswerSchema = z.object({
  cap_cents: capCentsSchema.nullable(),
  currency: z.string(),
  spent_cents: z.number().int(),
  next: z.object({ cap_cents: capCentsSchema.nullable(), from: z.string() }).nullable(),
});
export type SpendingCapAnswer = z.infer<typeof spendingCapAnswerSchema>;
/** null removes the limit (after the same 24 hours as a raise). */
export const spendingCapRequestSchema = z.object({ cap_cents: capCentsSchema.nullable() });

/**
 * Mollie posts `id=tr_…` form-encoded; nothing else in the body is believed. The id is looked
 * up as text, so it holds no NUL byte or other control character (issue 23 §3).
 */
export const webhookBodySchema = z.object({ id: plainLine(z.string().min(1).max(64)) }).loose();
export const webhookAnswerSchema = z.object({ ok: z.literal(true) });

// ---- Direct debit (spec §3 "Direct debit form", §5, §8) --------------------------------

export const directDebitRequestSchema = z.object({
  bundle: z.string().max(32),
  account_holder: plainLine(z.string().trim().min(2, 'invalid_value').max(70)),
  /** Checked with ibantools on the server; spaces are allowed as people write them. */
  iban: z
    .string()
    .trim()
    .max(42)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase()),
  street: plainLine(z.string().trim().min(1, 'invalid_value').max(100)),
  house_number: plainLine(z.string().trim().min(1, 'invalid_value').max(16)),
  zip: plainLine(z.string().trim().min(3, 'invalid_value').max(12)),
  city: plainLine(z.string().trim().min(1, 'invalid_value').max(60)),
  phone: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\+?\d{8,15}$/, 'phone_invalid')),
  code: discountCodeTextSchema.optional(),
  order_key: orderKeySchema,
});
export const directDebitAnswerSchema = z.object({
  /** The pending mandate the SMS code confirms. */
  request_id: z.number().int(),
  /** The last digits of the phone the code went to. */
  phone_hint: z.string(),
});
export const directDebitConfirmSchema = z.object({
  request_id: idSchema,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'otp_invalid'),
});
export const directDebitConfirmAnswerSchema = z.object({ payment_id: z.number().int() });
