import { searchCursor } from '@contract/discovery';

// The cursor is read at the edge by the contract's schema (src/contract/cursor.ts).

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

/** An opaque keyset cursor (never an OFFSET): the last row's sort key and the next page's number. */
export function encodeSearchCursor({ after, pageNumber }: SearchCursor): string {
  return searchCursor.encode({ ...after, pageNumber });
}

/** The cursor as the contract's schema read it, in the shape the search queries take. */
export function searchCursorOf(cursor: {
  lastActiveAt: string;
  id: number;
  pageNumber: number;
}): SearchCursor {
  return {
    after: { lastActiveAt: cursor.lastActiveAt, id: cursor.id },
    pageNumber: cursor.pageNumber,
  };
}
