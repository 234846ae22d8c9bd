import { Redis } from 'ioredis';
import { type Config, paymentProviderOf } from './config';
import type { DatabaseHandle, Db } from './db/database';
import { type PhotoStorage, localPhotoStorage } from './storage/photo-storage';
import { type ExportStorage, localExportStorage } from './storage/export-storage';
import { type Mailer, outboxMailer, smtpMailer } from './mail/mailer';
import { type RateLimiter, memoryRateLimiter, redisRateLimiter } from './rate-limit/rate-limiter';
import { type DomainEvents, domainEvents } from './domain-events';
import { type JobQueue, createJobQueue } from './jobs';
import { type MemberEvents, memberEvents } from './realtime/member-events';
import { type PubSub, memoryPubSub, redisPubSub } from './realtime/pub-sub';
import { type SmsSender, outboxSmsSender } from './sms/sms-sender';
import { twilioSmsSender } from './sms/twilio-sms-sender';
import { installationIdOnce } from './installation-identity';
import {
  type DemoProvider,
  type PaymentProvider,
  demoProvider,
  mollieProvider,
} from './features/payments/providers';

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
  /** Members' data exports (issue 31 item 8): private files, never under the media path. */
  exports: ExportStorage;
  pubSub: PubSub;
  /** Background jobs, enqueued in the transaction of the change that causes them. */
  jobs: JobQueue;
  /** What happened (`member.activated`, …), published after commit for features that listen. */
  domainEvents: DomainEvents;
  /** Where services report what fails outside a request; the app sets it to its logger. */
  log?: { error(details: object, message: string): void };
  /** Every event a member receives: stored with a sequence number, then fanned out. */
  events: MemberEvents;
  /**
   * The payment provider the configuration asks for (docs/payments.md); null: payments are
   * off. `demo` is the same provider when it is the demo one (its checkout page).
   */
  payments: { provider: PaymentProvider | null; demo: DemoProvider | null };
  /**
   * Texts (the direct-debit code): Twilio where configured, else the outbox outside
   * production; null in production without a gateway (direct debit is then not offered).
   */
  sms: SmsSender | null;
  /** This installation's identity (issue 29 item 10), read once from the database. */
  installationId: () => Promise<string>;
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
  const installationId = installationIdOnce(database.db, config.INSTALLATION_ID);
  const services: Services = {
    config,
    db: database.db,
    dialect: database.dialect,
    rateLimiter: redis ? redisRateLimiter(redis, `${prefix}rl:`) : memoryRateLimiter(),
    mailer,
    storage: localPhotoStorage(config.MEDIA_DIR),
    exports: localExportStorage(config.EXPORT_DIR),
    pubSub,
    events: memberEvents(database.db, pubSub),
    jobs,
    domainEvents: domainEvents(() => services.log),
    payments: paymentProviderFor(config, database.db, installationId),
    sms: smsSenderFor(config, database.db),
    installationId,
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

/** The provider the configuration asks for (docs/payments.md); null: payments are off. */
function paymentProviderFor(
  config: Config,
  db: Db,
  installationId: () => Promise<string>,
): Services['payments'] {
  const kind = paymentProviderOf(config);
  if (kind === 'mollie' && config.MOLLIE_API_KEY)
    return {
      provider: mollieProvider({
        apiKey: config.MOLLIE_API_KEY,
        apiEndpoint: config.MOLLIE_API_ENDPOINT,
        installationId,
      }),
      demo: null,
    };
  if (kind === 'demo') {
    const demo = demoProvider(db);
    return { provider: demo, demo };
  }
  return { provider: null, demo: null };
}

/** A real gateway when configured; the outbox only outside production (issue 29 item 3). */
function smsSenderFor(config: Config, db: Db): SmsSender | null {
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM)
    return twilioSmsSender({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      from: config.TWILIO_FROM,
      apiUrl: config.TWILIO_API_URL,
    });
  return config.NODE_ENV === 'production' ? null : outboxSmsSender(db);
}
