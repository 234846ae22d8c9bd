import type { ChatPartner, DeletedPartner } from './chat';

/**
 * Whether a conversation's partner is a deleted member. Apart from chat.ts, which builds
 * every chat schema with zod when it loads: the chat list and the conversation render with
 * this, and a page importing chat.ts for it would load zod on its first render (issue 32
 * item 10). chat.ts re-exports it.
 */
export const isDeletedPartner = (partner: ChatPartner): partner is DeletedPartner =>
  'deleted' in partner;
