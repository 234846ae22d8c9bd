import type { PubSub } from '@server/realtime/pub-sub';

/** The channel that tells every instance a site's member cards changed (its site id). */
const CARDS_CHANGED_CHANNEL = 'member-cards-changed';

type CardsChangedListener = (siteId: number) => void;

// This instance's listeners, told at once: a pub/sub round trip (Redis) arrives later.
const localListeners = new WeakMap<PubSub, Set<CardsChangedListener>>();

/** Calls `listener` with the site id whenever a member's card changes, on any instance. */
export async function onCardsChanged(pubSub: PubSub, listener: CardsChangedListener) {
  let listeners = localListeners.get(pubSub);
  if (!listeners) localListeners.set(pubSub, (listeners = new Set()));
  listeners.add(listener);
  await pubSub.subscribe(CARDS_CHANGED_CHANNEL, (message) => listener(Number(message)));
}

/**
 * Says that what others see of a member's card changed (invisible mode, name, region, main
 * photo), so every instance drops the lists it keeps for the site (featured-routes.ts): this
 * one before the answer goes out, the others as the message reaches them.
 */
export async function announceCardsChanged(pubSub: PubSub, siteId: number): Promise<void> {
  for (const listener of localListeners.get(pubSub) ?? []) listener(siteId);
  await pubSub.publish(CARDS_CHANGED_CHANNEL, String(siteId));
}
