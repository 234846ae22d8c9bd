import type { FastifyInstance } from 'fastify';
import { moderationApi } from '@contract/endpoints/moderation';
import { AppError } from '@server/errors/app-error';
import { siteOriginOf } from '@server/features/auth';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { banSiteMember, endSessionsOfBanned, unbanSiteMember } from './ban-service';
import { lookUpMembers, memberCard } from './member-lookup';
import { decidePhoto, pendingPhotos } from './photo-queue';
import { openReports, resolveReport } from './report-queue';

// Issue 30 item 5: moderation in the console. Every id is looked up on the request's site,
// which the staff member's scope was checked against (register-endpoint.ts).
export function moderationRoutes(app: FastifyInstance, { db, jobs }: Services) {
  const noStore = { 'cache-control': 'no-store' };

  async function cardOf(siteId: number, memberId: number, cdn: string) {
    const member = await memberCard(db, siteId, memberId, cdn);
    if (!member) throw new AppError('not_found', 'not_found');
    return { member };
  }

  registerEndpoint(app, moderationApi.memberLookup, async ({ request, reply, query }) => {
    reply.headers(noStore);
    const cdn = request.site.settings.cdn_prefix;
    return { members: await lookUpMembers(db, request.site.id, query.q, cdn) };
  });

  registerEndpoint(app, moderationApi.memberCard, async ({ request, reply, query }) => {
    reply.headers(noStore);
    return cardOf(request.site.id, query.member, request.site.settings.cdn_prefix);
  });

  registerEndpoint(app, moderationApi.ban, async ({ request, staff, body }) => {
    await banSiteMember(app, db, staff, request.site.id, body, {
      jobs,
      origin: siteOriginOf(request),
    });
    jobs.wake();
    return cardOf(request.site.id, body.member, request.site.settings.cdn_prefix);
  });

  registerEndpoint(app, moderationApi.unban, async ({ request, staff, body }) => {
    await unbanSiteMember(db, staff, request.site.id, body.member);
    return cardOf(request.site.id, body.member, request.site.settings.cdn_prefix);
  });

  registerEndpoint(app, moderationApi.photoQueue, async ({ request, reply }) => {
    reply.headers(noStore);
    return pendingPhotos(db, request.site.id, request.site.settings.cdn_prefix);
  });

  registerEndpoint(app, moderationApi.photoDecision, async ({ request, staff, body }) => ({
    photo: await decidePhoto(db, staff, request.site.id, body),
  }));

  registerEndpoint(app, moderationApi.reports, async ({ request, reply }) => {
    reply.headers(noStore);
    return { reports: await openReports(db, request.site.id) };
  });

  registerEndpoint(app, moderationApi.resolveReport, async ({ request, staff, body }) => {
    const { bannedMember } = await resolveReport(db, staff, request.site.id, body, {
      jobs,
      origin: siteOriginOf(request),
    });
    jobs.wake();
    if (bannedMember !== undefined) await endSessionsOfBanned(app, bannedMember);
    return { ok: true as const };
  });
}
