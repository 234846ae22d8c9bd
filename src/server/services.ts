import { Redis } from 'ioredis';
import type { Config } from './config';
import type { DatabaseHandle, Db } from './db/database';
import { KeptReads, keepReadsOn } from './db/kept-reads';
import type { WatchedWrite } from './db/write-watch';
import { type PhotoStorage, localPhotoStorage } from './features/photos';
import { type Mailer, outboxMailer, smtpMailer } from './mail/mailer';
import { type RateLimiter, memoryRateLimiter, redisRateLimiter } from './rate-limit/rate-limiter';
import { type MemberEvents, memberEvents } from './realtime/member-events';
import { type PubSub, memoryPubSub, redisPubSub } from './realtime/pub-sub';

/**
 * The shared services every feature is handed (DESIGN.md §7): each is built once here, the
 * composition root, and chosen by configuration. Features never build their own.
 */
export interface Services {
  config: Config;
  db: Db;
  dialect: DatabaseHandle['dialect'];
  rateLimiter: RateLimiter;
  mailer: Mailer;
  storage: PhotoStorage;
  pubSub: PubSub;
  /** Every event a member receives: stored with a sequence number, then fanned out. */
  events: MemberEvents;
  /** Closes what was opened here, the database last. */
  close(): Promise<void>;
}

export function createServices(config: Config, database: DatabaseHandle): Services {
  // Commands issued in one tick (the events of a message, published together) go out in one
  // write: fewer syscalls on both ends, same order and replies. (MULTI, as the rate limiter
  // sends, is never pipelined this way.)
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { enableAutoPipelining: true })
    : undefined;
  const prefix = config.REDIS_KEY_PREFIX;
  // Named, so an operator (or a test) can tell this instance's subscriber in CLIENT LIST
  // (a name allows no spaces).
  const subscriberName = `${prefix}subscriber`.replace(/[^!-~]/g, '_');
  const subscriber = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectionName: subscriberName })
    : undefined;
  const mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL) : outboxMailer(database.db);
  const pubSub =
    redis && subscriber ? redisPubSub(redis, subscriber, `${prefix}ps:`) : memoryPubSub();
  const kept = keptReadsFor(config, database, pubSub);
  keepReadsOn(database.db, kept.reads, kept.lists);
  return {
    config,
    db: database.db,
    dialect: database.dialect,
    rateLimiter: redis ? redisRateLimiter(redis, `${prefix}rl:`) : memoryRateLimiter(),
    mailer,
    storage: localPhotoStorage(config.MEDIA_DIR),
    pubSub,
    events: memberEvents(database.db, pubSub),
    async close() {
      mailer.close();
      await pubSub.close();
      await redis?.quit();
      await database.db.destroy();
    },
  };
}

const MEMBER_WRITES_CHANNEL = 'member-writes';
/**
 * Kept lists: a first page of search results with its similar results holds up to ~120 cards
 * (about 130 KB of heap), so these are at most about 65 MB; the least recently read go first.
 */
const MAX_KEPT_LISTS = 500;
/** Members' own kept lists (a likes summary: up to 12 cards and 400 ids, about 10 KB). */
const MAX_KEPT_MEMBER_LISTS = 5_000;

/**
 * The app handle's kept reads and kept lists (db/kept-reads.ts), told of every write to
 * members' rows: this instance's at once through the data layer's write watch, the other
 * instances' through the pub/sub. They keep nothing until the pub/sub listens, and drop
 * everything when a lost subscription comes back (what was published meanwhile never arrives).
 */
function keptReadsFor(config: Config, database: DatabaseHandle, pubSub: PubSub) {
  const ttlMs = config.SESSION_CACHE_SECONDS * 1000;
  const reads = new KeptReads(ttlMs, { acceptAtOnce: false });
  const lists = {
    site: new KeptReads(ttlMs, { acceptAtOnce: false, maxEntries: MAX_KEPT_LISTS }),
    member: new KeptReads(ttlMs, { acceptAtOnce: false, maxEntries: MAX_KEPT_MEMBER_LISTS }),
  };
  const caches = [reads, lists.site, lists.member];
  const forget = (write: WatchedWrite) => {
    for (const cache of caches) cache.forget(write);
    // A write that may add a member to any list drops them all, and none is kept until it
    // can have committed: a list read meanwhile does not name that member, so nothing else
    // would drop it once the member is in (kept-reads.ts forgetEverything).
    if (write.listed) for (const cache of [lists.site, lists.member]) cache.forgetEverything();
  };
  if (ttlMs > 0) {
    database.writes.onWrite((write) => {
      forget(write);
      void pubSub.publish(MEMBER_WRITES_CHANNEL, JSON.stringify(write)).catch(() => {
        // Another instance keeps its reads for at most SESSION_CACHE_SECONDS.
      });
    });
    pubSub.onResubscribed(() => {
      for (const cache of caches) cache.forgetEverything();
    });
    void pubSub
      .subscribe(MEMBER_WRITES_CHANNEL, (text) => forget(JSON.parse(text) as WatchedWrite))
      .then(() => {
        for (const cache of caches) cache.accept();
      });
  }
  return { reads, lists };
}
