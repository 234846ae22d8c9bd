import { z } from 'zod';

/**
 * Stable machine codes every error answer carries (DESIGN.md §2). The web app maps each
 * code to a translated text under `errors.<code>`; the spec's Dutch texts (§8) are the nl
 * translations.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'site_not_found',
  'too_many_requests',
  'authentication_required',
  'forbidden',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorAnswerSchema = z.object({
  error: z.string(),
  /** Which fields failed validation, with the code of each failure. */
  fields: z.record(z.string(), z.string()).optional(),
  minutes: z.number().int().optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
