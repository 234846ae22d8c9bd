import { defineEndpoint } from '@contract/endpoint';
import { adminBusinessRoutes as routes } from '@contract/api-routes/admin-business';
import {
  codeUsesAnswerSchema,
  codeUsesQuerySchema,
  debtsAnswerSchema,
  directDebitChangeSchema,
  directDebitQuerySchema,
  discountCodeAnswerSchema,
  discountCodeChangeSchema,
  discountCodeCreateSchema,
  discountCodesAnswerSchema,
  inviteAnswerSchema,
  inviteCreateSchema,
  inviteEndSchema,
  invitesAnswerSchema,
  memberDirectDebitAnswerSchema,
  staffRefundAnswerSchema,
  staffRefundSchema,
  transactionsAnswerSchema,
  transactionsQuerySchema,
} from '@contract/admin-business';

/** Codes and money are the owners' and admins' (issue 30 items 7, 8); never moderators' or operators'. */
const BUSINESS = { staff: ['owner', 'admin'] } as const;

/** Issue 30 items 7 and 8, all on the request's site. */
export const adminBusinessApi = {
  discountCodes: defineEndpoint({
    ...routes.discountCodes,
    answer: discountCodesAnswerSchema,
    errors: [],
    access: BUSINESS,
  }),
  /** A code the site already has (or a built-in one) is code_taken. */
  createDiscountCode: defineEndpoint({
    ...routes.createDiscountCode,
    body: discountCodeCreateSchema,
    answer: discountCodeAnswerSchema,
    errors: ['code_taken'],
    access: BUSINESS,
  }),
  changeDiscountCode: defineEndpoint({
    ...routes.changeDiscountCode,
    body: discountCodeChangeSchema,
    answer: discountCodeAnswerSchema,
    errors: [],
    access: BUSINESS,
  }),
  discountCodeUses: defineEndpoint({
    ...routes.discountCodeUses,
    query: codeUsesQuerySchema,
    answer: codeUsesAnswerSchema,
    errors: [],
    access: BUSINESS,
  }),
  invites: defineEndpoint({
    ...routes.invites,
    answer: invitesAnswerSchema,
    errors: [],
    access: BUSINESS,
  }),
  createInvite: defineEndpoint({
    ...routes.createInvite,
    body: inviteCreateSchema,
    answer: inviteAnswerSchema,
    errors: ['code_taken'],
    access: BUSINESS,
  }),
  /** Ends an invite now: it expires, and its past uses stay listed. */
  endInvite: defineEndpoint({
    ...routes.endInvite,
    body: inviteEndSchema,
    answer: inviteAnswerSchema,
    errors: [],
    access: BUSINESS,
  }),
  inviteUses: defineEndpoint({
    ...routes.inviteUses,
    query: codeUsesQuerySchema,
    answer: codeUsesAnswerSchema,
    errors: [],
    access: BUSINESS,
  }),
  transactions: defineEndpoint({
    ...routes.transactions,
    query: transactionsQuerySchema,
    answer: transactionsAnswerSchema,
    errors: [],
    access: BUSINESS,
  }),
  /** Through the payments feature's refund path and the provider; audited. */
  refund: defineEndpoint({
    ...routes.refund,
    body: staffRefundSchema,
    answer: staffRefundAnswerSchema,
    errors: ['refund_too_large', 'refund_not_allowed', 'payment_provider_unavailable'],
    access: BUSINESS,
  }),
  debts: defineEndpoint({
    ...routes.debts,
    answer: debtsAnswerSchema,
    errors: [],
    access: BUSINESS,
  }),
  directDebit: defineEndpoint({
    ...routes.directDebit,
    query: directDebitQuerySchema,
    answer: memberDirectDebitAnswerSchema,
    errors: [],
    access: BUSINESS,
  }),
  changeDirectDebit: defineEndpoint({
    ...routes.changeDirectDebit,
    body: directDebitChangeSchema,
    answer: memberDirectDebitAnswerSchema,
    errors: [],
    access: BUSINESS,
  }),
};
