import type { ErrorAnswer } from '@contract/errors';

/** A failed API call: the HTTP status and the server's stable error code (DESIGN.md §2). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly answer: Partial<ErrorAnswer> = {},
  ) {
    super(`${status} ${code}`);
    this.name = 'ApiError';
  }

  /** Client errors mean the request itself was wrong: retrying cannot help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The ApiError of a failed answer. Read by hand rather than with the contract's
 * errorAnswerSchema, so zod stays out of the first page load (issue 25 item 6): the server
 * writes every error through that schema; an answer without a code (a proxy's page, a cut
 * connection) counts as internal_error.
 */
export function apiErrorOf(status: number, payload: unknown): ApiError {
  if (!isRecord(payload) || typeof payload.error !== 'string') {
    return new ApiError(status, 'internal_error');
  }
  const answer: Partial<ErrorAnswer> = { error: payload.error };
  if (isRecord(payload.fields)) answer.fields = payload.fields as Record<string, string>;
  if (typeof payload.minutes === 'number') answer.minutes = payload.minutes;
  return new ApiError(status, payload.error, answer);
}
