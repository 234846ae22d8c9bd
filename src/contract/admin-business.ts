import { z } from 'zod';
import { idParamSchema, idSchema } from './ids';
import {
  currencySchema,
  discountCodeTextSchema,
  paymentMethodSchema,
  paymentStatusSchema,
} from './payments';
import { countryCodeSchema } from './settings';

// Issue 30 items 7 and 8: discount and invite codes, payments, refunds and debts in the
// operator console (owners and admins of the request's site only).

const centsSchema = z.number().int().nonnegative().max(100_000_000);
const isoTime = z.iso.datetime({ offset: true });

// ---- Discount codes (spec §3 "Discount code": every field) ----------------------------

/** What a staff member writes: every §3 field (`expired` follows from `expires`). */
export const discountCodeFieldsSchema = z.object({
  country: countryCodeSchema.nullable(),
  /** spec §3 user_id: a code only this member may use; null for anyone on the site. */
  user_id: idSchema.nullable(),
  expires: isoTime.nullable(),
  value_percentage: z.number().int().min(1).max(100),
  currency: currencySchema.nullable(),
  minimum_order_value: centsSchema,
  validity: z.enum(['once', 'once_per_user', 'many']),
  paymentmethods: z.array(paymentMethodSchema).max(20),
});

export const discountCodeCreateSchema = discountCodeFieldsSchema.extend({
  code: discountCodeTextSchema,
});

/** An edit names the code by id; `status` ends (inactive) or reopens (active) it. */
export const discountCodeChangeSchema = discountCodeFieldsSchema.partial().extend({
  id: idSchema,
  status: z.enum(['active', 'inactive']).optional(),
});

export const adminDiscountCodeSchema = discountCodeFieldsSchema.extend({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(['active', 'inactive']),
  expired: z.boolean(),
  uses: z.number().int(),
  created_at: z.string(),
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;

export const discountCodeAnswerSchema = z.object({ code: adminDiscountCodeSchema });
export const discountCodesAnswerSchema = z.object({ codes: z.array(adminDiscountCodeSchema) });

/** One use of a code: a paid order that redeemed it. */
export const codeUseSchema = z.object({
  member_id: z.number().int(),
  member_name: z.string(),
  payment_id: z.number().int().nullable(),
  amount_cents: z.number().int().nullable(),
  currency: z.string().nullable(),
  used_at: z.string(),
});
export const codeUsesQuerySchema = z.object({ id: idParamSchema });
export const codeUsesAnswerSchema = z.object({ uses: z.array(codeUseSchema) });

// ---- Invite codes (spec §1 "invite-only signup mode") ---------------------------------

export const inviteCreateSchema = z.object({
  code: discountCodeTextSchema,
  /** 1: single use. */
  max_uses: z.number().int().min(1).max(100_000),
  expires: isoTime.nullable(),
});
export const inviteEndSchema = z.object({ id: idSchema });

export const INVITE_STATES = ['usable', 'used_up', 'expired'] as const;
export const adminInviteSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  max_uses: z.number().int(),
  uses: z.number().int(),
  expires: z.string().nullable(),
  /** By the one rule signup applies (features/auth/invites-table.ts). */
  state: z.enum(INVITE_STATES),
  created_at: z.string(),
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;
export const inviteAnswerSchema = z.object({ invite: adminInviteSchema });
export const invitesAnswerSchema = z.object({ invites: z.array(adminInviteSchema) });

// ---- Payments (issue 30 item 8) -------------------------------------------------------

export const transactionsQuerySchema = z.object({
  member: idParamSchema.optional(),
  status: paymentStatusSchema.optional(),
  method: paymentMethodSchema.optional(),
  /** The period, as days (YYYY-MM-DD, UTC), both included. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Keyset: the last id of the previous page (newest first). */
  before: idParamSchema.optional(),
});

export const adminPaymentSchema = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  member_name: z.string(),
  bundle_id: z.string(),
  credits: z.number().int(),
  currency: z.string(),
  list_price_cents: z.number().int(),
  discount_cents: z.number().int(),
  amount_cents: z.number().int(),
  discount_code: z.string().nullable(),
  method: z.string(),
  provider: z.string(),
  status: paymentStatusSchema,
  /** Cents that went back: our refunds, chargebacks and dashboard refunds. */
  reversed_cents: z.number().int(),
  refund_requested_at: z.string().nullable(),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
  /** What a refund would give back now, in cents (0: not refundable). */
  refundable_cents: z.number().int(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const transactionsAnswerSchema = z.object({
  payments: z.array(adminPaymentSchema),
  next_before: z.number().int().nullable(),
});

/** The staff member confirms the amount they see; above it is refund_too_large. */
export const staffRefundSchema = z.object({ payment: idSchema, amount_cents: centsSchema.min(1) });
export const staffRefundAnswerSchema = z.object({ payment: adminPaymentSchema });

/** A ledger movement about a debt: what a reversal took, and what settled it. */
export const debtMovementSchema = z.object({
  reason: z.string(),
  amount: z.number().int(),
  created_at: z.string(),
});
export const adminDebtSchema = z.object({
  member_id: z.number().int(),
  member_name: z.string(),
  /** Credits still owed; 0 once settled. */
  credits: z.number().int(),
  updated_at: z.string(),
  movements: z.array(debtMovementSchema),
});
export const debtsAnswerSchema = z.object({ debts: z.array(adminDebtSchema) });

/** The direct-debit settings of one member (spec §8: blocked flag, monthly limit). */
export const directDebitQuerySchema = z.object({ member: idParamSchema });
export const memberDirectDebitSchema = z.object({
  member_id: z.number().int(),
  member_name: z.string(),
  blocked: z.boolean(),
  /** This member's own monthly limit in cents of each currency; null: the site's. */
  monthly_limit: z.record(currencySchema, centsSchema).nullable(),
  site_monthly_limit: z.record(currencySchema, centsSchema),
});
export const directDebitChangeSchema = z.object({
  member: idSchema,
  blocked: z.boolean().optional(),
  monthly_limit: z.record(currencySchema, centsSchema).nullable().optional(),
});
export const memberDirectDebitAnswerSchema = z.object({ direct_debit: memberDirectDebitSchema });
