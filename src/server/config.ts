import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads, with its default (README "Configuration"). */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
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
  /** The built web app served by the API server. */
  WEB_DIST_DIR: z.string().default('dist/web'),
  /** Seed the demo site for localhost on first start. */
  SEED_DEMO: booleanFromEnv.default(true),
  DEMO_MEMBER_COUNT: z.coerce.number().int().min(0).max(5000).default(320),
  /** Trust X-Forwarded-* headers (set when behind a load balancer). */
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Request header a CDN or load balancer sets to the visitor's country (e.g. cf-ipcountry). */
  GEOIP_COUNTRY_HEADER: z.string().toLowerCase().optional(),
  /** Failed logins from one kind of client that lock further attempts (docs/login-lockout.md). */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** How long a login lockout lasts (spec §9: the lockout time comes from the server). */
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example:587; else the dev outbox. */
  SMTP_URL: z.string().url().optional(),
  /** Sender address of outgoing mail; defaults to no-reply@<site domain>. */
  MAIL_FROM_ADDRESS: z.email().optional(),
  /** Largest accepted JSON body. */
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
