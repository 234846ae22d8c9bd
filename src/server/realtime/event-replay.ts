import type { EventEnvelope } from '@contract/events';

// What a replay of the stored event log is made of (member-events.ts stores it; the socket
// edge, src/server/socket/, sends it; the features say what today's rules hide).

/** Whose log is read: the member, and their site (visibility is per site). */
export interface LogReader {
  memberId: number;
  siteId: number;
}

/** A stored envelope as a replay sends it, or only its number when today's rules hide it. */
export type ReplayedEnvelope = EventEnvelope | { seq: number; withheld: true };

/**
 * Today's visibility rules over a page of the log (issue 23 §5: a replay hides what HTTP
 * hides); given by the features, which own those rules (chat's replay-visibility.ts).
 */
export type ReplayFilter = (
  reader: LogReader,
  page: EventEnvelope[],
) => Promise<ReplayedEnvelope[]>;
