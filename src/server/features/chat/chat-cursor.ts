import { invalidFields } from '@server/errors/app-error';

/** A place in the conversation list: the last entry's message time and conversation id. */
export interface ChatsCursor {
  lastMessageAt: string;
  conversationId: number;
}

const CHATS_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([1-9]\d{0,14})$/;
const MESSAGES_CURSOR = /^m([1-9]\d{0,14})$/;

const encode = (text: string) => Buffer.from(text).toString('base64url');

/** Opaque text, decoded strictly: one this server did not make is a field error. */
function decode(text: string, field: string): string {
  const decoded = Buffer.from(text, 'base64url');
  // Re-encoding must give the same text: base64url decoding forgives stray characters.
  if (decoded.toString('base64url') !== text) throw invalidFields({ [field]: 'cursor_invalid' });
  return decoded.toString('utf8');
}

export function encodeChatsCursor(cursor: ChatsCursor): string {
  return encode(`${cursor.lastMessageAt}|${cursor.conversationId}`);
}

export function decodeChatsCursor(text: string): ChatsCursor {
  const match = CHATS_CURSOR.exec(decode(text, 'cursor'));
  const time = match ? new Date(match[1]!) : undefined;
  if (!match || !time || Number.isNaN(time.getTime()) || time.toISOString() !== match[1])
    throw invalidFields({ cursor: 'cursor_invalid' });
  return { lastMessageAt: match[1]!, conversationId: Number(match[2]) };
}

/** Older history starts below this message id (keyset, issue 9 §1). */
export function encodeMessagesCursor(beforeMessageId: number): string {
  return encode(`m${beforeMessageId}`);
}

export function decodeMessagesCursor(text: string): number {
  const match = MESSAGES_CURSOR.exec(decode(text, 'before'));
  if (!match) throw invalidFields({ before: 'cursor_invalid' });
  return Number(match[1]);
}
