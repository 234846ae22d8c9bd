import { invalidFields } from '@server/errors/app-error';

/** A position in a likes list: the last entry's like time and the other member's id. */
export interface LikesCursor {
  createdAt: string;
  id: number;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([1-9]\d{0,14})$/;

/** Opaque to clients: base64url of "<created_at>|<id>". */
export function encodeLikesCursor(cursor: LikesCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

/** A cursor this server did not make (tampered, truncated, re-encoded) is a field error. */
export function decodeLikesCursor(text: string): LikesCursor {
  const decoded = Buffer.from(text, 'base64url');
  const match = CURSOR.exec(decoded.toString('utf8'));
  // Re-encoding must give the same text: base64url decoding forgives stray characters.
  if (!match || decoded.toString('base64url') !== text)
    throw invalidFields({ cursor: 'cursor_invalid' });
  const id = Number(match[2]);
  const time = new Date(match[1]!);
  if (!Number.isSafeInteger(id) || Number.isNaN(time.getTime()) || time.toISOString() !== match[1])
    throw invalidFields({ cursor: 'cursor_invalid' });
  return { createdAt: match[1]!, id };
}
