import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { accountFeature } from './features/account';
import { appSecret, authFeature, cookiePolicyOf, csrfPlugin, sessionPlugin } from './features/auth';
import { blocksFeature } from './features/blocks';
import { chatFeature, conversationPageChecks, replayVisibility } from './features/chat';
import { figuresFeature } from './features/figures';
import { geoFeature } from './features/geo';
import { installedAppFeature } from './features/installed-app';
import { landersFeature, memberLandingPageChecks } from './features/landers';
import { likesFeature } from './features/likes';
import { membersFeature } from './features/members';
import { moderationFeature } from './features/moderation';
import { pageBouncesFeature } from './features/page-bounces';
import { visitsFeature } from './features/visits';
import { dataExportFeature } from './features/data-export';
import { notificationsFeature } from './features/notifications';
import { paymentPageChecks, paymentsFeature } from './features/payments';
import { photosFeature } from './features/photos';
import { memberPageChecks, profilesFeature } from './features/profiles';
import { firstPaintSettings, settingsFeature } from './features/settings';
import { siteResolver, sitesFeature } from './features/sites';
import { staffCookiesOf, staffFeature, staffSessionPlugin } from './features/staff';
import { swipeGameFeature } from './features/swipe-game';
import { limitRequestsInFlightPerAddress } from './http/address-concurrency';
import { trustRuleOf } from './http/client-address';
import { registerCompression } from './http/compression';
import { registerErrorHandler } from './http/error-handler';
import { registerLoadShedding } from './http/load-shedding';
import { answerFrameworkError } from './http/framework-errors';
import { registerNotFoundHandler } from './http/not-found-handler';
import { answerSerializerCompiler } from './http/answer-serializer';
import { requestLogging } from './http/request-log';
import { securityHeadersPlugin } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { devMailRoutes } from './mail/dev-mail-routes';
import { socketPlugin } from './socket/socket-plugin';
import { createServices } from './services';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

/** Builds the HTTP app; plugins are registered in this visible order (STYLE.md §4). */
export async function buildApp({
  config,
  database,
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  const logging = requestLogging(config, logStream);
  const trustProxy = trustRuleOf(config.TRUST_PROXY);
  const app = Fastify({
    logger: logging.logger,
    logController: logging.logController,
    bodyLimit: config.BODY_LIMIT_BYTES,
    frameworkErrors: answerFrameworkError,
    // One rule for request.ip and the socket edge's per-address limits (issue 7 §1.2).
    trustProxy: config.TRUST_PROXY === false ? false : trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    answerSerializerCompiler({ checkAnswers: config.NODE_ENV !== 'production' }),
  );

  // 1. Cross-cutting: errors, load shedding, security headers, compression, cookies.
  registerErrorHandler(app);
  registerNotFoundHandler(app);
  // One address's flood is refused on its own before the instance as a whole sheds load.
  limitRequestsInFlightPerAddress(app, config.REQUESTS_IN_FLIGHT_PER_IP);
  await registerLoadShedding(app, config);
  await app.register(securityHeadersPlugin);
  registerCompression(app);
  await app.register(fastifyCookie);

  // 2. The shared services, built once (the composition root: services.ts).
  const services = createServices(config, database);
  services.log = app.log;

  // 3. Which site this request is for (every route below relies on request.site), CSRF
  //    protection and who is logged in.
  await app.register(siteResolver, { db: database.db });
  const cookies = cookiePolicyOf(config);
  await app.register(csrfPlugin, { secret: await appSecret(database.db, 'csrf'), cookies });
  await app.register(sessionPlugin, { db: database.db, cookies });
  const staffCookies = staffCookiesOf(config);
  await app.register(staffSessionPlugin, { db: database.db, cookies: staffCookies });

  // 4. Features, each handed the services; none reaches into another's files.
  await app.register(authFeature, services);
  await app.register(accountFeature, services);
  await app.register(profilesFeature, services);
  await app.register(blocksFeature, services);
  await app.register(membersFeature, services);
  await app.register(landersFeature, services);
  await app.register(likesFeature, services);
  await app.register(chatFeature, services);
  await app.register(swipeGameFeature, services);
  await app.register(paymentsFeature, services);
  await app.register(settingsFeature, services);
  await app.register(photosFeature, services);
  await app.register(geoFeature, services);
  await app.register(pageBouncesFeature, services);
  await app.register(visitsFeature, services);
  await app.register(dataExportFeature, services);
  await app.register(notificationsFeature, services);
  await app.register(installedAppFeature);
  await app.register(staffFeature, { services, cookies: staffCookies });
  await app.register(moderationFeature, services);
  await app.register(sitesFeature, services);
  await app.register(figuresFeature, services);
  if (config.NODE_ENV !== 'production') await app.register(devMailRoutes, { db: database.db });

  // 5. Realtime: each tab's socket on the server's upgrade event (issue 9 §4), carrying the
  //    events the features record; it needs the site resolver and the session cookie.
  await app.register(socketPlugin, {
    services,
    cookies,
    replayFilter: replayVisibility(services.db),
    trustProxy,
  });

  // 6. The web app and its route fallback come last.
  await registerWebApp(app, config.WEB_DIST_DIR, {
    pageChecks: {
      ...memberLandingPageChecks(services, cookies),
      ...paymentPageChecks(services, cookies),
      ...memberPageChecks(services, cookies),
      ...conversationPageChecks(services, cookies),
    },
    firstPaintOf: firstPaintSettings(services),
    carriesSession: (request) => request.cookies[cookies.sessionCookie] !== undefined,
  });

  // Jobs start once every feature has registered its handlers; schedules (purges, sweeps)
  // are left to each test, which runs them by hand.
  app.addHook('onReady', () =>
    services.jobs.start({ log: app.log, schedules: config.NODE_ENV !== 'test' }),
  );
  app.addHook('onClose', () => services.close());
  return app;
}
