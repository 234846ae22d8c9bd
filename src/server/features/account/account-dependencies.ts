import type { Config } from '@server/config';
import type { Db } from '@server/db/database';
import type { Mailer } from '@server/mail/mailer';
import type { RateLimiter } from '@server/rate-limit/rate-limiter';

/** What the account and auth routes need, handed in by the app factory. */
export interface AccountDependencies {
  db: Db;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  config: Config;
}
