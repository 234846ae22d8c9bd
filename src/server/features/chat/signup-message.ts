import { findMemberById } from '@server/db/members-table';
import { AppError } from '@server/errors/app-error';
import type { Site } from '@server/features/sites';
import type { Services } from '@server/services';
import { sendMessage } from './chat-service';

/**
 * Delivers the message a visitor wrote when signing up on a member's page (spec §3
 * signup_message; issue 9 §6) into that conversation, once the account is activated. Free
 * of charge (the visitor wrote it before any price was shown) and never refused for the
 * free-conversation limit, though it counts as one she started. Once: the client key is fixed per member, so a second call answers the
 * stored message. A target that is gone, invisible or blocked either way gets nothing.
 * Answers whether a message is (now) in the conversation.
 */
export async function deliverSignupMessage(
  services: Pick<Services, 'db' | 'events' | 'rateLimiter'>,
  site: Site,
  memberId: number,
): Promise<boolean> {
  const member = await findMemberById(services.db, memberId);
  const text = member?.signup_message?.trim();
  if (!member || !text || member.signup_message_to === null || member.status !== 'active')
    return false;
  // The signup form allows more than some sites' message_length: cut at the limit.
  const fitting = [...text].slice(0, site.settings.message_length).join('');
  try {
    await sendMessage(
      services,
      {
        site,
        sender: member,
        to: member.signup_message_to,
        clientKey: `signup-message-${member.id}`,
        content: { kind: 'text', text: fitting },
      },
      { free: true },
    );
    return true;
  } catch (error) {
    // not_found (target gone or blocked), cannot_message_self: nothing to deliver.
    if (error instanceof AppError) return false;
    throw error;
  }
}
