import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const trustProxyFromEnv = z
  .string()
  .trim()
  .refine((value) => value !== 'true', {
    message: 'true would trust any client-written X-Forwarded-For; give a hop count or addresses',
  })
  .refine(
    (value) => value === 'false' || /^\d{1,2}$/.test(value) || /^[0-9a-fA-F.:/, ]+$/.test(value),
    {
      message: 'expected false, a hop count or a comma-separated list of proxy addresses',
    },
  )
  .transform((value): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean);
  });

/** Every environment variable the server reads, with its default (README "Configuration"). */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Interface to listen on; by default loopback outside production (see defaultHost). */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection string; when absent the embedded SQLite file is used. */
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL schema to use (tests and CI use a fresh one per run). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('public'),
  SQLITE_PATH: z.string().default('data/app.sqlite'),
  /** Redis for pub/sub and rate limits across instances; in-process when absent. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key, so installations (and test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(64).default('amora:'),
  /** Where uploaded and generated photos are stored (local storage driver). */
  MEDIA_DIR: z.string().default('data/media'),
  /** Where data exports wait for their download (issue 31 item 8): private, outside MEDIA_DIR. */
  EXPORT_DIR: z.string().default('data/exports'),
  /** The built web app served by the API server. */
  WEB_DIST_DIR: z.string().default('dist/web'),
  /** Seed the demo site for localhost on first start. */
  SEED_DEMO: booleanFromEnv.default(true),
  DEMO_MEMBER_COUNT: z.coerce.number().int().min(0).max(5000).default(320),
  /**
   * Which proxies in front of the app to believe about the client's address (issue 7 §1.2):
   * `false` (none: the app faces the internet), a hop count (`1`: one load balancer), or a
   * comma-separated list of proxy addresses or CIDR ranges. `true` is refused: it would take
   * the left-most, client-written X-Forwarded-For entry and let anyone pick their own IP.
   */
  TRUST_PROXY: trustProxyFromEnv.default(false),
  /** Request header a CDN or load balancer sets to the visitor's country (e.g. cf-ipcountry). */
  GEOIP_COUNTRY_HEADER: z.string().toLowerCase().optional(),
  /** Failed logins from one kind of client that lock further attempts (docs/login-lockout.md). */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /**
   * Signups one client address may make in an hour (spec §5 abuse guard). Raise it where
   * many members share one address (a campus NAT) or, as the browser tests do, one machine.
   */
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /**
   * Logins one client address may try in 15 minutes, against password spraying across many
   * accounts. Raise it as for signups: the browser tests log in many members from one machine.
   */
  LOGINS_PER_IP_PER_15_MINUTES: z.coerce.number().int().min(1).default(30),
  /** How long a login lockout lasts (spec §9: the lockout time comes from the server). */
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
  /**
   * Open sockets one session may hold on an instance (issue 23 §6): a member's few tabs. The
   * next one is closed with 4029 right after the upgrade (socket/socket-limits.ts).
   */
  SOCKETS_PER_SESSION: z.coerce.number().int().min(1).default(5),
  /**
   * Open sockets one client address may hold on an instance (the address as TRUST_PROXY
   * resolves it): room for a household or office behind one NAT.
   */
  SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Frames a session's sockets together may send per second, and the burst above it. */
  SOCKET_FRAMES_PER_SECOND: z.coerce.number().positive().default(20),
  SOCKET_FRAME_BURST: z.coerce.number().int().min(1).default(40),
  /**
   * Requests one client address may have in flight on an instance at once; the next is
   * answered 429 before its body is read (http/address-concurrency.ts, issue 29 item 9).
   * Room for a household or office behind one NAT; 0 turns the cap off.
   */
  REQUESTS_IN_FLIGHT_PER_IP: z.coerce.number().int().min(0).default(32),
  /**
   * Load shedding (http/load-shedding.ts): above this event-loop delay or utilization the
   * instance answers 503 server_busy instead of queueing. 0 turns a check off.
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0.98),
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example:587; else the dev outbox. */
  SMTP_URL: z.string().url().optional(),
  /** Sender address of outgoing mail; defaults to no-reply@<site domain>. */
  MAIL_FROM_ADDRESS: z.email().optional(),
  /** Largest accepted JSON body. */
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Mollie API key (test_… or live_…): payments go through Mollie (docs/payments.md). */
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_\w+$/)
    .optional(),
  /** Another Mollie API address (the tests point the real client at a local fake). */
  MOLLIE_API_ENDPOINT: z.url().optional(),
  /**
   * demo: the built-in demo provider, whose checkout page lets anyone pick the outcome. It is
   * the default without MOLLIE_API_KEY, but production must ask for it by name.
   */
  PAYMENT_PROVIDER: z.enum(['demo', 'mollie']).optional(),
  /**
   * This installation's identity in what outside accounts keep for it (issue 29 item 10):
   * Mollie's idempotency keys and payment metadata. Generated once and kept in the database
   * when absent; set it only to keep one an earlier database had.
   */
  INSTALLATION_ID: z
    .string()
    .regex(/^[\w-]{4,40}$/)
    .optional(),
  /**
   * Twilio's Messages API for the direct-debit code (issue 29 item 3; docs/payments.md).
   * Without it texts go to the outbox (/dev/sms) outside production, and production offers
   * no direct debit.
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC\w{32}$/)
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sender: a Twilio phone number in E.164 (+3197…) or an alphanumeric sender id. */
  TWILIO_FROM: z.string().min(1).max(16).optional(),
  /** Another Twilio API address (the tests point the client at a local fake). */
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /**
   * Web push's VAPID key pair (issue 31 item 4; docs/notifications.md), base64url. Without
   * them a pair is generated on the first start and kept in the database for every instance.
   */
  VAPID_PUBLIC_KEY: z.string().min(80).max(100).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).max(50).optional(),
  /** Who the push services may contact about this installation's pushes (a mailto: or URL). */
  VAPID_SUBJECT: z.string().min(8).default('mailto:support@example.com'),
  /**
   * Tests only: accepts push endpoints on 127.0.0.1 over plain http (the local push service
   * the tests run). Ignored in production, where only https endpoints on public hosts are.
   */
  PUSH_ALLOW_LOOPBACK: booleanFromEnv.default(false),
  /** The mail provider's bounce and complaint reports authenticate with this (Bearer). */
  MAIL_REPORTS_SECRET: z.string().min(24).optional(),
  /** How long messages stay unread before the one reminder mail (issue 31 item 5). */
  UNREAD_REMINDER_HOURS: z.coerce.number().positive().default(4),
});

export type Config = z.infer<typeof configSchema>;

/**
 * Which payment provider the configuration asks for (issue 10; docs/payments.md). In
 * production the demo provider (free credits for anyone who clicks "paid") must be asked for
 * by name; without it and without MOLLIE_API_KEY payments are switched off (null).
 */
export function paymentProviderOf(config: Config): 'demo' | 'mollie' | null {
  if (config.PAYMENT_PROVIDER) return config.PAYMENT_PROVIDER;
  if (config.MOLLIE_API_KEY) return 'mollie';
  return config.NODE_ENV === 'production' ? null : 'demo';
}

/**
 * Outside production the server listens on 127.0.0.1 unless told otherwise, so the dev mail
 * outbox (which shows reset links) is never reachable from the network (issue 7 §1.4).
 */
export function listenHostOf(config: Config): string {
  return config.HOST ?? (config.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema
    .refine((config) => config.PAYMENT_PROVIDER !== 'mollie' || config.MOLLIE_API_KEY, {
      path: ['MOLLIE_API_KEY'],
      message: 'required with PAYMENT_PROVIDER=mollie',
    })
    .refine(
      (config) =>
        [config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, config.TWILIO_FROM].every(
          (value) => value === undefined,
        ) ||
        (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM),
      {
        path: ['TWILIO_ACCOUNT_SID'],
        message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together',
      },
    )
    .safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
