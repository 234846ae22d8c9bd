import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { type PubSub, memoryPubSub, redisPubSub } from './pub-sub';

const redisUrl = process.env.REDIS_URL;
const opened: PubSub[] = [];
const redisConnections: Redis[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((pubSub) => pubSub.close()));
  await Promise.all(redisConnections.splice(0).map((connection) => connection.quit()));
});

/** Resolves with the next message a subscription receives. */
function nextMessage(pubSub: PubSub, channel: string) {
  return new Promise<{ message: string; stop: () => Promise<void> }>((resolve) => {
    let stop: () => Promise<void> = async () => {};
    void pubSub
      .subscribe(channel, (message) => resolve({ message, stop }))
      .then((unsubscribe) => (stop = unsubscribe));
  });
}

type Factory = () => { first: PubSub; second: PubSub };
const factories: Array<[string, Factory | undefined]> = [
  [
    'in process',
    () => {
      const shared = memoryPubSub();
      opened.push(shared);
      return { first: shared, second: shared };
    },
  ],
  [
    'Redis (two instances)',
    redisUrl
      ? () => {
          const prefix = `test-${randomBytes(4).toString('hex')}:`;
          const instance = () => {
            const publisher = new Redis(redisUrl);
            const pubSub = redisPubSub(publisher, new Redis(redisUrl), prefix);
            redisConnections.push(publisher);
            opened.push(pubSub);
            return pubSub;
          };
          return { first: instance(), second: instance() };
        }
      : undefined,
  ],
];

describe.each(factories)('PubSub %s', (_name, factory) => {
  it.skipIf(!factory)("delivers one instance's message to another's subscriber", async () => {
    const { first, second } = factory!();
    const received = nextMessage(second, 'member:7');
    // Subscribing is asynchronous on Redis: publish until the subscriber has joined.
    let delivered: { message: string; stop: () => Promise<void> } | undefined;
    void received.then((value) => (delivered = value));
    while (!delivered) {
      await first.publish('member:7', 'hello');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(delivered.message).toBe('hello');
  });

  it.skipIf(!factory)('stops delivering after unsubscribe, and keeps channels apart', async () => {
    const { first, second } = factory!();
    const seen: string[] = [];
    const stopOther = await second.subscribe('member:8', (message) => seen.push(`8:${message}`));
    const stop = await second.subscribe('member:9', (message) => seen.push(`9:${message}`));
    await stop();
    const marker = nextMessage(second, 'member:8');
    await first.publish('member:9', 'late');
    await first.publish('member:8', 'on time');
    await marker;
    expect(seen).toEqual(['8:on time']);
    await stopOther();
  });
});
