import type { ChatTerms } from '@contract/chat';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import type { Site } from '@server/features/sites';
import { countStartedConversations } from './conversation-queries';

/** What a message costs on this site, by kind (spec §3 message_credits, photo_credits, gift_credits). */
export function costOf(site: Site, kind: 'text' | 'photo' | 'gift'): number {
  const { message_credits, photo_credits, gift_credits } = site.settings;
  return kind === 'text' ? message_credits : kind === 'photo' ? photo_credits : gift_credits;
}

/**
 * How many more conversations a member may start: unlimited (null) once premium, else the
 * site's free_conversations minus those they started (spec §6 "2 conversations").
 */
export async function conversationsLeft(db: Db, site: Site, member: Member) {
  if (member.paid_user) return null;
  const started = await countStartedConversations(db, site.id, member.id);
  return Math.max(0, site.settings.chat.free_conversations - started);
}

/** What sending costs and what the member may still do, shown before sending (issue 9 §2). */
export async function chatTermsFor(db: Db, site: Site, member: Member): Promise<ChatTerms> {
  return {
    costs: {
      message: costOf(site, 'text'),
      photo: costOf(site, 'photo'),
      gift: costOf(site, 'gift'),
    },
    message_length: site.settings.message_length,
    minimum_message_costs: site.settings.minimum_message_costs[member.country] ?? null,
    // Read with the member at this request's session lookup (db/member-record.ts).
    credits: member.credits,
    premium: member.paid_user,
    conversations_left: await conversationsLeft(db, site, member),
  };
}
