import type { PubSub } from '@server/realtime/pub-sub';

/**
 * The staff channel of the inbox (issue 30 item 3): "this site's queue changed", published
 * on pub/sub after each commit that changes it (a member's message to a fictional profile, a
 * claim, a release, an answer), so the consoles on every instance read the queue again.
 */
export const inboxChannel = (siteId: number) => `staff-inbox:${siteId}`;

export const INBOX_CHANGED = JSON.stringify({ type: 'inbox.changed' });

export async function publishInboxChange(pubSub: PubSub, siteId: number): Promise<void> {
  await pubSub.publish(inboxChannel(siteId), INBOX_CHANGED);
}
