import type { z } from 'zod';
import { likesCursor } from '@contract/discovery';

// The cursor is read at the edge by the contract's schema (src/contract/cursor.ts).

/** A position in a likes list: the last entry's like time and the other member's id. */
export type LikesCursor = z.output<typeof likesCursor.schema>;

export const encodeLikesCursor = (cursor: LikesCursor) => likesCursor.encode(cursor);
