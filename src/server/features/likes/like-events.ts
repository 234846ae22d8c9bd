import { type ServerEvent, serverEventSchema } from '@contract/events';
import type { PubSub } from '@server/realtime/pub-sub';

/** Sends one event to one member's tabs (spec §4: a new like reloads likes). */
export type PublishToMember = (memberId: number, event: ServerEvent) => Promise<void>;

/** Events travel on channel `member:<id>`, validated like every contract object. */
export function publisherOf(pubSub: PubSub): PublishToMember {
  return async (memberId, event) =>
    pubSub.publish(`member:${memberId}`, JSON.stringify(serverEventSchema.parse(event)));
}

export interface LikeNotice {
  memberId: number;
  event: ServerEvent;
}

/** Publishes after the like is stored (and committed); a failed publish loses no like. */
export async function publishNotices(publish: PublishToMember, notices: LikeNotice[]) {
  await Promise.all(notices.map((notice) => publish(notice.memberId, notice.event)));
}
