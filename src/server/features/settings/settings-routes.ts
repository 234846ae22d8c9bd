import type { FastifyInstance } from 'fastify';
import { settingsApi } from '@contract/endpoints/settings';
import { regionsOfCountries } from '@server/features/geo';
import { hostNameOf } from '@server/features/sites';
import { AppError } from '@server/errors/app-error';
import { answerKeeper, keepAnswer, sendKeptAnswer } from '@server/http/kept-answer';
import { registerEndpoint } from '@server/http/register-endpoint';
import { pushPublicKeyOf } from './push-public-key';
import type { Services } from '@server/services';
import { findCompany, listInterests } from './company-queries';
import { settingsAnswers } from './settings-answer';
import { requestLocale } from './request-locale';

// Answers that rarely change: the client caches them after the first load (spec §7), and
// shared caches may keep them briefly.
const CACHEABLE = 'public, max-age=300';

/**
 * The settings and regions answers are built only from the site's row (the settings per
 * language and country: settings-answer.ts), so each is built, checked, serialized and
 * compressed once per site record and then sent as bytes with an ETag. A site record stands
 * for one version of the site's stored row, read on every request
 * (features/sites/site-queries.ts): a settings change is a new record with new answers.
 */
export function settingsRoutes(app: FastifyInstance, { db, config }: Services) {
  const keep = answerKeeper();
  const settingsAnswerOf = settingsAnswers(config, () => pushPublicKeyOf(db));

  registerEndpoint(app, settingsApi.settings, async ({ request, reply, query }) => {
    // The spec's forced-domain parameter: answer for the named site instead of the host's.
    const forced = hostNameOf(query.domain);
    const site = forced ? await app.findSite(forced) : request.site;
    if (!site) throw new AppError('site_not_found', 'not_found');
    const answer = await settingsAnswerOf(request, site, query.locale ?? requestLocale(request));
    reply.header('cache-control', 'private, max-age=60').header('vary', 'cookie');
    return sendKeptAnswer(request, reply, answer);
  });

  // Read per request, not kept with the site record: the company row and the interests table
  // change without the site row changing, so a kept answer would outlive an edit until a
  // restart (issue 30 item 6). Browsers and shared caches may still keep them for max-age.
  registerEndpoint(app, settingsApi.companyInfo, async ({ request, reply }) => {
    const company = await findCompany(db, request.site.companyId);
    if (!company) throw new AppError('not_found', 'not_found');
    reply.header('cache-control', CACHEABLE);
    return { company };
  });

  registerEndpoint(app, settingsApi.interests, async ({ reply }) => {
    const interests = await listInterests(db);
    reply.header('cache-control', CACHEABLE);
    return { interests };
  });

  registerEndpoint(app, settingsApi.regions, async ({ request, reply }) => {
    const answer = await keep(request.site, 'regions', async () =>
      keepAnswer(settingsApi.regions, {
        regions: regionsOfCountries(request.site.settings.countries),
      }),
    );
    reply.header('cache-control', CACHEABLE);
    return sendKeptAnswer(request, reply, answer);
  });
}
