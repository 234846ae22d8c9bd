import type { ErrorCode } from '@contract/errors';

/**
 * What kind of failure an error is, as a hint for each edge: the HTTP edge maps it to a
 * status (http/error-status.ts); the socket and webhook edges will map it their own way.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported'
  | 'rate_limited';

export interface ErrorDetails {
  /** Which fields failed, with the code of each failure (validation_failed). */
  fields?: Record<string, string>;
  /** Minutes until a lockout ends (account_locked, spec §8). */
  minutes?: number;
}

/**
 * The one error services throw (DESIGN.md §2): a stable code from the contract, which the
 * client translates, and a kind. Services never speak HTTP; only the edges do.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly kind: ErrorKind,
    readonly details: ErrorDetails = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** validation_failed for fields the schema could not judge (a country of another site, …). */
export function invalidFields(fields: Record<string, string>): AppError {
  return new AppError('validation_failed', 'invalid', { fields });
}
