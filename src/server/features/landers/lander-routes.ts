import type { FastifyInstance } from 'fastify';
import { landersApi } from '@contract/endpoints/landers';
import { AppError } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import { viewerPlace, visitorMaySearch, visitorVary } from '@server/features/members';
import type { Services } from '@server/services';
import { countLanderMembersByRegion, listLanderMembers } from './lander-queries';
import { presentLanderMember, presentRegionMap } from './lander-presenter';
import { chooseVariant, refusesSlug } from './lander-variant';

// Enough faces for the fullest design (the gallery and the icons grid), few enough to stay light.
const LANDER_MEMBER_COUNT = 24;

/**
 * GET /api/lander.php: what a lander shows (spec §2 landers, issue 25 item 1). Visitors see
 * members only where logged-out search allows it (spec §6, the rule of every list a visitor
 * can reach). Read from the database on each call; kept only by HTTP caches: the visitors'
 * answer for a minute, per cookie, a member's answer never (it leaves out their blocks).
 */
export function landerRoutes(app: FastifyInstance, { db, config }: Services) {
  registerEndpoint(app, landersApi.lander, async ({ request, reply, query, member }) => {
    const { site } = request;
    if (refusesSlug(query.lander, query.slug)) throw new AppError('not_found', 'not_found');
    const { slug, variant } = chooseVariant(site.settings, query.slug);
    const viewer = { siteId: site.id, memberId: member?.id ?? null };
    const mayShowMembers = member !== null || visitorMaySearch(site.settings, query);
    reply.header('cache-control', member ? 'private, no-store' : 'public, max-age=60');
    if (!member) reply.header('vary', visitorVary(config.GEOIP_COUNTRY_HEADER));

    // The map shows one country: the visitor's when the site serves it, else the site's first.
    const country =
      query.country && site.settings.countries.includes(query.country)
        ? query.country
        : (site.settings.countries[0] ?? 'NL');
    const onMap = query.lander === 'maplanding';
    const [rows, counts] = mayShowMembers
      ? await Promise.all([
          listLanderMembers(db, viewer, variant, {
            limit: LANDER_MEMBER_COUNT,
            // Near the viewer first (issue 29 item 14); the map shows its own country only.
            place: onMap
              ? { country, region: null }
              : viewerPlace(request, member, config.GEOIP_COUNTRY_HEADER),
            countryOnly: onMap,
          }),
          onMap ? countLanderMembersByRegion(db, viewer, variant, country) : [],
        ])
      : [[], []];
    return {
      lander: query.lander,
      variant: { slug, headline: variant.headline ?? null },
      members: rows.map((row) => presentLanderMember(row, site.settings.cdn_prefix)),
      map: onMap ? { country, regions: presentRegionMap(country, counts) } : null,
    };
  });
}
