import type { ErrorCode } from '@contract/errors';

/** An error with a stable code the client translates (DESIGN.md §2). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | (string & {}),
    readonly details: { fields?: Record<string, string>; minutes?: number } = {},
  ) {
    super(code);
    this.name = 'HttpError';
  }
}
