import { EventEmitter, once } from 'node:events';
import type { Redis } from 'ioredis';

export type Listener = (message: string) => void;

/**
 * Fan-out between app instances (DESIGN.md §4): what one instance publishes on a channel
 * reaches the subscribers of every instance. In process by default, Redis when configured.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** Returns a function that ends this subscription. */
  subscribe(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /**
   * Called each time the subscriptions are in force again after a lost connection: what was
   * published meanwhile never arrives, so listeners compare with the stored log.
   */
  onResubscribed(listener: () => void): void;
  /**
   * How many instances (Redis) or listeners (in process) subscribe to `channel` now: a member
   * with an open tab anywhere has their channel subscribed (issue 31 item 4, push presence).
   */
  subscriberCount(channel: string): Promise<number>;
  close(): Promise<void>;
}

export function memoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return async () => {
        emitter.off(channel, listener);
      };
    },
    async subscriberCount(channel) {
      return emitter.listenerCount(channel);
    },
    onResubscribed() {
      // In process nothing is ever dropped.
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub. A connection that subscribes can do nothing else, so subscriptions get a
 * second connection of their own (`subscriber`), shared by every channel of this instance.
 */
export function redisPubSub(publisher: Redis, subscriber: Redis, prefix: string): PubSub {
  const listeners = new Map<string, Set<Listener>>();
  const resubscribed = new Set<() => void>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const listener of listeners.get(channel) ?? []) listener(message);
  });
  // ioredis writes the SUBSCRIBE commands again before it emits 'ready'; Redis answers in
  // order, so once a PING is answered the channels are subscribed again.
  let connectedBefore = subscriber.status === 'ready';
  subscriber.on('ready', () => {
    if (!connectedBefore) {
      connectedBefore = true;
      return;
    }
    void subscriber.ping().then(
      () => resubscribed.forEach((listener) => listener()),
      () => undefined,
    );
  });
  return {
    async publish(channel, message) {
      await publisher.publish(`${prefix}${channel}`, message);
    },
    async subscribe(channel, listener) {
      const key = `${prefix}${channel}`;
      let set = listeners.get(key);
      if (!set) {
        set = new Set();
        listeners.set(key, set);
        // A SUBSCRIBE queued before the connection is ready would go out ahead of ioredis's
        // own start-up commands, which Redis then refuses in subscriber mode. Connection
        // errors meanwhile are ioredis's to retry.
        while (subscriber.status !== 'ready') await once(subscriber, 'ready').catch(() => {});
        await subscriber.subscribe(key);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(key) === set) {
          listeners.delete(key);
          await subscriber.unsubscribe(key);
        }
      };
    },
    onResubscribed(listener) {
      resubscribed.add(listener);
    },
    async subscriberCount(channel) {
      // PUBSUB NUMSUB counts subscribed connections across the deployment: one per instance.
      const answer = (await publisher.pubsub('NUMSUB', `${prefix}${channel}`)) as unknown[];
      return Number(answer[1] ?? 0);
    },
    async close() {
      listeners.clear();
      await subscriber.quit();
    },
  };
}
