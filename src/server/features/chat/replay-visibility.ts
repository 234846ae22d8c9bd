import type { EventEnvelope, ServerEvent } from '@contract/events';
import type { Db } from '@server/db/database';
import { visibleMembers } from '@server/features/members';
import type { LogReader, ReplayFilter, ReplayedEnvelope } from '@server/realtime/event-replay';

/** The other member an event is about, or the conversation whose partner it is. */
type Subject = { memberId: number } | { conversationId: number } | undefined;

function subjectOf(event: ServerEvent, readerId: number): Subject {
  switch (event.type) {
    case 'message.new':
      // One's own message (echoed to one's other tabs) is about the conversation's partner.
      return event.message.sender_id === readerId
        ? { conversationId: event.message.conversation_id }
        : { memberId: event.message.sender_id };
    case 'message.read':
      return { conversationId: event.conversation_id };
    case 'typing':
      return { memberId: event.member_id };
    case 'like.new':
    case 'match.new':
      return { memberId: event.profile.id };
    // About oneself, or one's own conversation whoever the partner is now (a gone member is
    // not visible, and the reader must still hear that they went).
    case 'credits.changed':
    case 'partner.changed':
      return undefined;
  }
}

/**
 * A replay applies today's visibility rules, as HTTP does (issue 23 §5): a stored event
 * about a member the reader may no longer see (blocked either way since, gone invisible or
 * disabled) is withheld, its number only passed, so the client keeps counting. Two
 * statements per page of the log at most: the partners of the conversations named, and
 * which of the members named are visible (visibleMembers).
 */
export function replayVisibility(db: Db): ReplayFilter {
  return async (reader: LogReader, page: EventEnvelope[]): Promise<ReplayedEnvelope[]> => {
    const subjects = page.map(({ event }) => subjectOf(event, reader.memberId));
    const conversationIds = [
      ...new Set(
        subjects.flatMap((subject) =>
          subject && 'conversationId' in subject ? [subject.conversationId] : [],
        ),
      ),
    ];
    const partnerOf = new Map<number, number>();
    if (conversationIds.length > 0) {
      const rows = await db
        .selectFrom('conversation_members')
        .select(['conversation_id', 'partner_id'])
        .where('member_id', '=', reader.memberId)
        .where('conversation_id', 'in', conversationIds)
        .execute();
      for (const row of rows) partnerOf.set(row.conversation_id, row.partner_id);
    }
    // A conversation the reader has no side of (none is expected) names member 0: withheld.
    const memberOf = (subject: Subject): number | undefined => {
      if (subject === undefined) return undefined;
      if ('memberId' in subject) return subject.memberId;
      return partnerOf.get(subject.conversationId) ?? 0;
    };
    const named = new Set<number>();
    for (const subject of subjects) {
      const memberId = memberOf(subject);
      if (memberId) named.add(memberId);
    }
    const visible = new Set<number>();
    if (named.size > 0) {
      const rows = await visibleMembers(
        db
          .selectFrom('members')
          .select('members.id')
          .where('members.id', 'in', [...named]),
        reader,
      ).execute();
      for (const row of rows) visible.add(row.id);
    }
    return page.map((envelope, index) => {
      const about = memberOf(subjects[index]);
      return about === undefined || visible.has(about)
        ? envelope
        : { seq: envelope.seq!, withheld: true as const };
    });
  };
}
