import { Redis } from 'ioredis';
import type { Config } from './config';
import type { DatabaseHandle, Db } from './db/database';
import { type PhotoStorage, localPhotoStorage } from './storage/photo-storage';
import { type Mailer, outboxMailer, smtpMailer } from './mail/mailer';
import { type RateLimiter, memoryRateLimiter, redisRateLimiter } from './rate-limit/rate-limiter';
import { type DomainEvents, domainEvents } from './domain-events';
import { type JobQueue, createJobQueue } from './jobs';
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
  /** Background jobs, enqueued in the transaction of the change that causes them. */
  jobs: JobQueue;
  /** What happened (`member.activated`, …), published after commit for features that listen. */
  domainEvents: DomainEvents;
  /** Where services report what fails outside a request; the app sets it to its logger. */
  log?: { error(details: object, message: string): void };
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
  const jobs = createJobQueue(config, database);
  const services: Services = {
    config,
    db: database.db,
    dialect: database.dialect,
    rateLimiter: redis ? redisRateLimiter(redis, `${prefix}rl:`) : memoryRateLimiter(),
    mailer,
    storage: localPhotoStorage(config.MEDIA_DIR),
    pubSub,
    events: memberEvents(database.db, pubSub),
    jobs,
    domainEvents: domainEvents(() => services.log),
    async close() {
      // Running jobs finish before what they use closes.
      await jobs.stop();
      mailer.close();
      await pubSub.close();
      await redis?.quit();
      await database.db.destroy();
    },
  };
  return services;
}
