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
