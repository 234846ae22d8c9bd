import type { z } from 'zod';
import { chatsCursor, messagesCursor } from '@contract/chat';

// The cursors are read at the edge by the contract's schemas (src/contract/cursor.ts).

/** A place in the conversation list: the last entry's message time and conversation id. */
export type ChatsCursor = z.output<typeof chatsCursor.schema>;

export const encodeChatsCursor = (cursor: ChatsCursor) => chatsCursor.encode(cursor);

/** Older history starts below this message id (keyset, issue 9 §1). */
export const encodeMessagesCursor = (beforeMessageId: number) =>
  messagesCursor.encode({ beforeMessageId });
