import type { FastifyInstance } from 'fastify';
import { memberLandingApi } from '@contract/endpoints/member-landing';
import { MEMBER_LANDING_ROUTES, type MemberLandingRoute } from '@contract/member-landing';
import { idParamSchema } from '@contract/ids';
import { AppError } from '@server/errors/app-error';
import { type CookiePolicy, findPageViewer } from '@server/features/auth';
import {
  type TrafficSource,
  assertViewerMaySeeMembers,
  visitorMaySearch,
} from '@server/features/members';
import type { PageCheck } from '@server/http/web-app';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { findLandingMember } from './member-landing-queries';
import { presentLandingMember } from './member-landing-presenter';

/**
 * GET /api/member-landing.php: the member on the landing pages (issue 25 item 2), for
 * visitors only where the site lets them see members, as member.php (issue 29 item 6).
 */
export function memberLandingRoutes(app: FastifyInstance, { db }: Services) {
  registerEndpoint(app, memberLandingApi.member, async ({ request, reply, query, member }) => {
    // spec §6, §9: the landing pages follow member.php's rule for visitors (issue 29 item 6).
    assertViewerMaySeeMembers(member, request.site.settings, query);
    const viewer = { siteId: request.site.id, memberId: member?.id ?? null };
    const found = await findLandingMember(db, viewer, query.id);
    // Missing, blocked, deleted, invisible, not activated, another site's: all alike.
    if (!found) throw new AppError('not_found', 'not_found');
    // Per viewer (blocks), and a member may turn invisible at any moment: never kept.
    reply.header('cache-control', 'private, no-store');
    return { profile: presentLandingMember(found, request.site.settings.cdn_prefix) };
  });
}

/**
 * The documents of the member landing pages answer 404 (the app's 404 page) for a member the
 * viewer may not see, by the same rule as the API: issue 25 "Bad input".
 */
export function memberLandingPageChecks(
  { db }: Pick<Services, 'db'>,
  cookies: Pick<CookiePolicy, 'sessionCookie'>,
): Record<MemberLandingRoute, PageCheck> {
  const check: PageCheck = async (request, params) => {
    const id = idParamSchema.safeParse(params.id);
    if (!id.success) return false;
    const viewer = await findPageViewer(db, cookies, request);
    // A visitor who may not see members gets the page (which asks them to sign up) for any
    // id alike: its status must not tell which members exist.
    if (!viewer && !visitorMaySearch(request.site.settings, request.query as TrafficSource))
      return true;
    const found = await findLandingMember(
      db,
      { siteId: request.site.id, memberId: viewer?.id ?? null },
      id.data,
    );
    return found !== undefined;
  };
  return Object.fromEntries(MEMBER_LANDING_ROUTES.map((name) => [name, check])) as Record<
    MemberLandingRoute,
    PageCheck
  >;
}
