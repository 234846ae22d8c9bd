import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { activationRoutes } from './features/account/activation-routes';
import type { AccountDependencies } from './features/account/account-dependencies';
import { credentialsRoutes } from './features/account/credentials-routes';
import { passwordResetRoutes } from './features/account/password-reset-routes';
import { signupRoutes } from './features/account/signup-routes';
import { appSecret } from './features/auth/app-secret';
import { authRoutes } from './features/auth/auth-routes';
import { cookiePolicyOf } from './features/auth/cookie-policy';
import { csrfPlugin } from './features/auth/csrf-plugin';
import { sessionPlugin } from './features/auth/session-plugin';
import { mediaRoutes } from './features/photos/media-routes';
import { localPhotoStorage } from './features/photos/photo-storage';
import { blockRoutes } from './features/profiles/block-routes';
import { photoRoutes } from './features/profiles/photo-routes';
import { profileRoutes } from './features/profiles/profile-routes';
import { featuredRoutes } from './features/members/featured-routes';
import { settingsRoutes } from './features/settings/settings-routes';
import { siteResolver } from './features/sites/site-resolver';
import { registerErrorHandler } from './http/error-handler';
import { registerNotFoundHandler } from './http/not-found-handler';
import { contentSecurityPolicy } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { devMailRoutes } from './mail/dev-mail-routes';
import { type Mailer, outboxMailer, smtpMailer } from './mail/mailer';
import { type RateLimiter, memoryRateLimiter, redisRateLimiter } from './rate-limit/rate-limiter';
import { Redis } from 'ioredis';

const trustNearestHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
}

/** Builds the HTTP app; plugins are registered in this visible order (STYLE.md §4). */
export async function buildApp({ config, database }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            // Readable lines for a person at a terminal; JSON lines for log collectors.
            ...(config.NODE_ENV === 'development' && process.stdout.isTTY
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'req.headers["x-csrf-token"]',
            ],
          },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A hop count trusts that many proxies nearest to the server (issue 7 §1.2).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? trustNearestHops(config.TRUST_PROXY)
        : config.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 1. Cross-cutting: errors, security headers, cookies.
  registerErrorHandler(app);
  registerNotFoundHandler(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);

  // 2. Which site this request is for (every route below relies on request.site), CSRF
  //    protection and who is logged in.
  await app.register(siteResolver, { db: database.db });
  const cookies = cookiePolicyOf(config);
  await app.register(csrfPlugin, { secret: await appSecret(database.db, 'csrf'), cookies });
  await app.register(sessionPlugin, { db: database.db, cookies });

  // 3. Outside services behind small interfaces (DESIGN.md §7).
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false }) : undefined;
  const rateLimiter: RateLimiter = redis
    ? redisRateLimiter(redis, `${config.REDIS_KEY_PREFIX}rl:`)
    : memoryRateLimiter();
  const mailer: Mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL) : outboxMailer(database.db);
  const accountDeps: AccountDependencies = { db: database.db, rateLimiter, mailer, config };

  // 4. Features.
  await app.register(authRoutes, accountDeps);
  await app.register(signupRoutes, accountDeps);
  await app.register(activationRoutes, accountDeps);
  await app.register(passwordResetRoutes, accountDeps);
  await app.register(credentialsRoutes, accountDeps);
  const storage = localPhotoStorage(config.MEDIA_DIR);
  await app.register(profileRoutes, { db: database.db });
  await app.register(photoRoutes, { db: database.db, storage, rateLimiter });
  await app.register(blockRoutes, { db: database.db });
  if (config.NODE_ENV !== 'production') await app.register(devMailRoutes, { db: database.db });
  await app.register(settingsRoutes, {
    db: database.db,
    geoipCountryHeader: config.GEOIP_COUNTRY_HEADER,
    pushPublicKey: null,
  });
  await app.register(featuredRoutes, { db: database.db });
  await app.register(mediaRoutes, { mediaDir: config.MEDIA_DIR });

  // 5. The web app and its route fallback come last.
  await registerWebApp(app, config.WEB_DIST_DIR);

  app.addHook('onClose', async () => {
    mailer.close();
    await redis?.quit();
    await database.db.destroy();
  });
  return app;
}
