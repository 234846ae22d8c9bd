import type { GiftId } from '@contract/chat';
import type { Member } from '@server/db/member-record';
import type { Site } from '@server/features/sites';
import { costOf } from './chat-terms';

/** What a message carries; a photo arrives here already processed and stored. */
export type OutgoingContent =
  | { kind: 'text'; text: string }
  | { kind: 'gift'; giftId: GiftId }
  | { kind: 'photo'; storageKey: string };

export interface OutgoingMessage {
  site: Site;
  sender: Member;
  to: number;
  /** The client's idempotency key: one per message meant, reused on retry. */
  clientKey: string;
  content: OutgoingContent;
}

export interface SendOptions {
  /** The signup message (issue 9 §6): free, not rate limited, never refused for the free-conversation limit. */
  free?: boolean;
}

/** What one message costs and which limits apply to it, the same on both databases. */
export interface SendTerms {
  /** Credits the message costs (spec §3 message_credits, photo_credits, gift_credits). */
  cost: number;
  /** spec §6: conversations the sender may have started before a first purchase; null: no limit. */
  conversationLimit: number | null;
  /** The ledger entry's reason and idempotency key (one booking per message meant). */
  ledgerReason: string;
  ledgerKey: string;
}

export function termsOf(
  { site, sender, clientKey, content }: OutgoingMessage,
  { free = false }: SendOptions,
): SendTerms {
  return {
    cost: free ? 0 : costOf(site, content.kind),
    conversationLimit: free || sender.paid_user ? null : site.settings.chat.free_conversations,
    ledgerReason: `chat_${content.kind}`,
    ledgerKey: `message:${sender.id}:${clientKey}`,
  };
}
