import type { ErrorKind } from '@server/errors/app-error';

/** The HTTP edge's reading of each kind of error. */
export const HTTP_STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  rate_limited: 429,
};
