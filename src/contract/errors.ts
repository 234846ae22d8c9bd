import { z } from 'zod';

/**
 * Stable machine codes every error answer carries (DESIGN.md §2). The web app maps each
 * code to a translated text under `errors.<code>`; the spec's Dutch texts (§8) are the nl
 * translations. The list is closed: a service cannot throw a code that is not here, and a
 * test checks that each has a text in all 11 languages.
 */
export const ERROR_CODES = [
  // Any endpoint (see COMMON_ERRORS in endpoint.ts).
  'bad_request',
  'validation_failed',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'site_not_found',
  'too_many_requests',
  'csrf_failed',
  'internal_error',
  'server_busy',
  // Who asks.
  'authentication_required',
  'forbidden',
  // Accounts (spec §5, §8).
  'login_failed',
  'account_locked',
  // issue 30 item 5: staff banned the account; said only after the right password.
  'account_banned',
  'email_taken',
  'signups_closed',
  'invite_invalid',
  'email_not_found',
  'reset_limit_reached',
  'link_invalid',
  'password_wrong',
  'already_active',
  // Account deletion and its undo (issue 31 item 7, spec §1, §9).
  'account_deleted_restorable',
  'account_restore_expired',
  // Discovery (spec §2, §9).
  'cannot_like_self',
  'swipe_limit_reached',
  // Credits (spec §8).
  'insufficient_credits',
  // Payments (spec §5, §8; issue 10).
  'discount_not_found',
  'discount_used',
  'discount_expired',
  'discount_not_applicable',
  'payment_method_unavailable',
  'payment_provider_unavailable',
  'payment_failed',
  'refund_not_allowed',
  'direct_debit_blocked',
  'direct_debit_limit_reached',
  // The member's own monthly limit on purchases (issue 31 item 9).
  'spending_cap_reached',
  'direct_debit_debt',
  'otp_invalid',
  'repeat_order_changed',
  // The console's codes and refunds (issue 30 items 7, 8).
  'code_taken',
  'refund_too_large',
  // Chat (spec §6, §8, §9; issue 9).
  'cannot_message_self',
  'message_empty',
  'message_too_long',
  'premium_required',
  'idempotency_key_reused',
  // issue 23 §4: a member others cannot see cannot send (nobody could read it).
  'activation_required',
  'invisible_mode_on',
  // issue 31 item 7: the partner deleted their account; their history stays readable.
  'partner_deleted',
  // Photos (spec §5, §9).
  'photo_missing',
  'photo_too_large',
  'photo_too_many_pixels',
  'photo_unsupported_format',
  'photo_corrupt',
  'photo_limit_reached',
  // The fictional-profile inbox (issue 30 item 3).
  'conversation_claimed',
  'claim_required',
  'nothing_waiting',
  // Moderation (issue 30 item 5).
  'photo_already_decided',
  'report_already_resolved',
  // Sites in the console (issue 30 item 6).
  'domain_taken',
  'interest_in_use',
  // A member's data export (issue 31 item 8).
  'export_in_progress',
  'export_expired',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Codes a field can fail with (`{ error: 'validation_failed', fields: { name: code } }`),
 * named as the messages of the contract's schemas; translated under `errors.<code>` too.
 */
export const FIELD_ERROR_CODES = [
  'invalid_value',
  'email_invalid',
  'new_email_invalid',
  'name_too_short',
  'name_too_long',
  'name_starts_with_at',
  'name_is_email',
  'password_too_short',
  'password_too_long',
  'password_too_common',
  'passwords_mismatch',
  'date_of_birth_invalid',
  'about_too_long',
  'text_invalid_characters',
  'cursor_invalid',
  'age_range_invalid',
  // Payments (spec §3 direct debit form, §5; issue 10).
  'iban_invalid',
  'phone_invalid',
  // Chat (issue 9 §2).
  'message_empty',
  'message_too_long',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export const errorAnswerSchema = z.object({
  error: z.string(),
  /** Which fields failed validation, with the code of each failure. */
  fields: z.record(z.string(), z.string()).optional(),
  minutes: z.number().int().optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
