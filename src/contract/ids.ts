import { z } from 'zod';

/**
 * Ids are PostgreSQL `integer`s: anything above 2³¹−1 (or a fraction, or ≤ 0) is refused at
 * the edge with validation_failed, before a query could fail on it (issue 7 §1.8).
 */
export const MAX_DATABASE_ID = 2_147_483_647;

/** An id in a JSON body. */
export const idSchema = z.number().int().positive().max(MAX_DATABASE_ID, 'invalid_value');

/**
 * An id in a query string or path. The server receives text and accepts decimal digits only
 * ("0x10", "1e3" and " 5" are refused); a client may hand it a number.
 */
export const idParamSchema = z
  .union([z.string().regex(/^\d{1,10}$/, 'invalid_value'), z.number()])
  .transform(Number)
  .pipe(idSchema);
