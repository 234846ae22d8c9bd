import { okAnswerSchema } from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { paymentsRoutes } from '@contract/api-routes/payments';
import {
  bundlesAnswerSchema,
  bundlesQuerySchema,
  checkoutAnswerSchema,
  checkoutRequestSchema,
  directDebitAnswerSchema,
  directDebitConfirmAnswerSchema,
  directDebitConfirmSchema,
  directDebitRequestSchema,
  discountAnswerSchema,
  discountQuerySchema,
  paymentAnswerSchema,
  paymentQuerySchema,
  quoteAnswerSchema,
  quoteQuerySchema,
  refundRequestSchema,
  spendingCapAnswerSchema,
  spendingCapRequestSchema,
  repeatOrderRequestSchema,
  transactionsAnswerSchema,
  webhookAnswerSchema,
  webhookBodySchema,
} from '@contract/payments';

const DISCOUNT_ERRORS = [
  'discount_not_found',
  'discount_used',
  'discount_expired',
  'discount_not_applicable',
] as const;

/** Credits, payments and discounts (issue 10; spec §2 premium … transactions-id, §7). */
export const paymentsApi = {
  /** The bundles and prices for the asker's payment country (/premium, /credits, /pricing). */
  bundles: defineEndpoint({
    ...paymentsRoutes.bundles,
    query: bundlesQuerySchema,
    answer: bundlesAnswerSchema,
    errors: [],
    access: 'anyone',
  }),
  /** spec §7: a discount code, by code or welcome=true (the client ignores failures there). */
  discountCode: defineEndpoint({
    ...paymentsRoutes.discountCode,
    query: discountQuerySchema,
    answer: discountAnswerSchema,
    errors: DISCOUNT_ERRORS,
    access: 'member',
  }),
  /** The server's price of one order, discount included; the checkout page shows only this. */
  quote: defineEndpoint({
    ...paymentsRoutes.quote,
    query: quoteQuerySchema,
    answer: quoteAnswerSchema,
    errors: ['payment_method_unavailable'],
    access: 'member',
  }),
  checkout: defineEndpoint({
    ...paymentsRoutes.checkout,
    body: checkoutRequestSchema,
    answer: checkoutAnswerSchema,
    errors: [
      ...DISCOUNT_ERRORS,
      'payment_method_unavailable',
      'payment_provider_unavailable',
      'idempotency_key_reused',
      'spending_cap_reached',
    ],
    access: 'member',
  }),
  /**
   * issue 10 §4: the last bundle with the last method, in one step: charged on the stored
   * mandate when the member confirmed it (no checkout), else a new checkout.
   */
  repeatOrder: defineEndpoint({
    ...paymentsRoutes.repeatOrder,
    body: repeatOrderRequestSchema,
    answer: checkoutAnswerSchema,
    errors: [
      'payment_method_unavailable',
      'payment_provider_unavailable',
      'idempotency_key_reused',
      'repeat_order_changed',
      'direct_debit_debt',
      'spending_cap_reached',
    ],
    access: 'member',
  }),
  /** One payment (status page and receipt); asks the provider while it is not final. */
  payment: defineEndpoint({
    ...paymentsRoutes.payment,
    query: paymentQuerySchema,
    answer: paymentAnswerSchema,
    errors: [],
    access: 'member',
  }),
  transactions: defineEndpoint({
    ...paymentsRoutes.transactions,
    answer: transactionsAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /**
   * issue 23 item 14: the member withdraws their consent to stored payment details: repeat
   * orders no longer charge them, and the mandates are revoked at the provider.
   */
  removeStoredPayments: defineEndpoint({
    ...paymentsRoutes.removeStoredPayments,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** issue 10 §7: cancel within refund_days while the credits are unspent. */
  refund: defineEndpoint({
    ...paymentsRoutes.refund,
    body: refundRequestSchema,
    answer: paymentAnswerSchema,
    errors: ['refund_not_allowed', 'payment_provider_unavailable'],
    access: 'member',
  }),
  /** The member's own monthly limit on purchases (issue 31 item 9; the settings screen). */
  spendingCap: defineEndpoint({
    ...paymentsRoutes.spendingCap,
    answer: spendingCapAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** Lowering counts at once; raising or removing waits 24 hours. */
  setSpendingCap: defineEndpoint({
    ...paymentsRoutes.setSpendingCap,
    body: spendingCapRequestSchema,
    answer: spendingCapAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** spec §3 direct debit form: stores the mandate and texts a one-time code. */
  directDebit: defineEndpoint({
    ...paymentsRoutes.directDebit,
    body: directDebitRequestSchema,
    answer: directDebitAnswerSchema,
    errors: [
      ...DISCOUNT_ERRORS,
      'payment_method_unavailable',
      // The SMS gateway failed (issue 29 item 3): the member asks for a new code later.
      'payment_provider_unavailable',
      'direct_debit_blocked',
      'direct_debit_limit_reached',
      'direct_debit_debt',
      'spending_cap_reached',
    ],
    access: 'member',
  }),
  /** spec §5: the SMS code confirms the mandate; a wrong one is 'Code ongeldig'. */
  directDebitConfirm: defineEndpoint({
    ...paymentsRoutes.directDebitConfirm,
    body: directDebitConfirmSchema,
    answer: directDebitConfirmAnswerSchema,
    errors: [
      'otp_invalid',
      'direct_debit_blocked',
      'direct_debit_limit_reached',
      'direct_debit_debt',
      'spending_cap_reached',
      'idempotency_key_reused',
      // issue 29 item 3: collected at the provider; it may refuse the account or be down.
      'payment_method_unavailable',
      'payment_failed',
      'payment_provider_unavailable',
      ...DISCOUNT_ERRORS,
    ],
    access: 'member',
  }),
  /**
   * The provider tells a payment changed: only its id is read, and the status is fetched
   * from the provider. Called server to server, so it carries no CSRF token (crossSite).
   */
  webhook: defineEndpoint({
    ...paymentsRoutes.webhook,
    body: webhookBodySchema,
    answer: webhookAnswerSchema,
    errors: [],
    access: 'anyone',
    crossSite: true,
  }),
};
