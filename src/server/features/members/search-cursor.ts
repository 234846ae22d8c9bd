import { z } from 'zod';
import { invalidFields } from '@server/errors/app-error';

/** The sort key of the last row of a page: search lists by last activity, then id, both descending. */
export interface SearchPosition {
  lastActiveAt: string;
  id: number;
}

export interface SearchCursor {
  after: SearchPosition;
  /** The number of the page this cursor leads to (2, 3, …). */
  pageNumber: number;
}

/** Far more pages than anyone scrolls; a larger number is a made-up cursor. */
const MAX_PAGE_NUMBER = 100_000;

// The exact shape the server writes: [last_active_at, id, pageNumber]. Anything else is refused.
const cursorShape = z.tuple([
  z.iso.datetime(),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z.number().int().min(2).max(MAX_PAGE_NUMBER),
]);

/** An opaque keyset cursor (never an OFFSET): base64url of the last row's sort key and the next page's number. */
export function encodeSearchCursor(cursor: SearchCursor): string {
  const { after, pageNumber } = cursor;
  return Buffer.from(JSON.stringify([after.lastActiveAt, after.id, pageNumber])).toString(
    'base64url',
  );
}

/** Reads a cursor this server wrote; anything else (tampered, truncated, foreign) is cursor_invalid. */
export function decodeSearchCursor(text: string): SearchCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidFields({ cursor: 'cursor_invalid' });
  }
  const parsed = cursorShape.safeParse(value);
  if (!parsed.success) throw invalidFields({ cursor: 'cursor_invalid' });
  const [lastActiveAt, id, pageNumber] = parsed.data;
  return { after: { lastActiveAt, id }, pageNumber };
}
