import type { FastifyInstance } from 'fastify';
import { profilesApi } from '@contract/endpoints/profiles';
import { findMemberById, updateMember } from '@server/db/members-table';
import { AppError, invalidFields } from '@server/errors/app-error';
import { isBlockedEitherWay } from '@server/features/blocks';
import { isRegionOf } from '@server/features/geo';
import { likeStateBetween } from '@server/features/likes';
import { assertViewerMaySeeMembers, hiddenBecause } from '@server/features/members';
import type { Site } from '@server/features/sites';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { areKnownInterests, listMemberInterests } from './interest-queries';
import { listPhotos } from './photo-queries';
import { presentMemberProfile, presentOwnProfile, viewerKindOf } from './profile-presenters';
import { loadOwnProfile, saveProfile } from './profile-queries';

/** The profile editor (spec §2 profile), member pages (members-id) and invisible mode. */
export function profileRoutes(app: FastifyInstance, { db }: Services) {
  async function ownProfileOf(site: Site, memberId: number) {
    const own = await loadOwnProfile(db, site.id, memberId);
    if (!own) throw new AppError('not_found', 'not_found');
    return own;
  }

  registerEndpoint(app, profilesApi.ownProfile, async ({ request, reply, member }) => {
    reply.header('cache-control', 'no-store');
    return {
      profile: presentOwnProfile(request.site, await ownProfileOf(request.site, member.id)),
    };
  });

  registerEndpoint(app, profilesApi.saveProfile, async ({ request, member, body }) => {
    // spec §5: the profile name differs from the e-mail address.
    if (body.name.toLowerCase() === member.email) throw invalidFields({ name: 'name_is_email' });
    if (!request.site.settings.countries.includes(body.country))
      throw invalidFields({ country: 'invalid_value' });
    if (body.region !== null && !isRegionOf(body.country, body.region))
      throw invalidFields({ region: 'invalid_value' });
    if (!(await areKnownInterests(db, body.interests)))
      throw invalidFields({ interests: 'invalid_value' });
    await saveProfile(db, member.id, body);
    return {
      profile: presentOwnProfile(request.site, await ownProfileOf(request.site, member.id)),
    };
  });

  registerEndpoint(app, profilesApi.member, async ({ request, reply, query, member: viewer }) => {
    // spec §6: a visitor sees member pages only where the site lets visitors search.
    assertViewerMaySeeMembers(viewer, request.site.settings, query);
    // Everything the page needs is read at once (each read is small and indexed, so a missing
    // member's few wasted reads cost less than waiting for one read after another).
    const other = viewer && viewer.id !== query.id ? viewer : undefined;
    const [target, blocks, photos, interests, likeState] = await Promise.all([
      findMemberById(db, query.id),
      other ? isBlockedEitherWay(db, other.id, query.id) : undefined,
      // Pending photos only for the member themselves (kind 'self').
      listPhotos(db, query.id, { activeOnly: viewer?.id !== query.id }),
      listMemberInterests(db, query.id),
      other ? likeStateBetween(db, other.id, query.id) : undefined,
    ]);
    const isSelf = target !== undefined && target.id === viewer?.id;
    // Hidden, disabled, invisible and other sites' members answer exactly like a missing
    // one: invisible mode (spec §1) hides a member from lists and from lookups by id.
    const exists =
      target &&
      target.site_id === request.site.id &&
      (isSelf || hiddenBecause(target) === undefined);
    if (!exists) throw new AppError('not_found', 'not_found');
    // spec §1: a blocked member cannot see the blocker's profile: 404, as if it did not exist.
    if (blocks?.bySecond) throw new AppError('not_found', 'not_found');
    reply.header('cache-control', 'private, no-store');
    const presented = presentMemberProfile(
      request.site,
      target,
      photos,
      interests.map((interest) => interest.key),
      viewerKindOf(viewer, target),
      blocks?.byFirst,
    );
    // The viewer's own like state only (issue 8): the Like button and "likes you".
    const liked = likeState ? { liked: likeState.liked, liked_me: likeState.likedMe } : {};
    return { profile: { ...presented, ...liked } };
  });

  registerEndpoint(app, profilesApi.setInvisible, async ({ member, body }) => {
    await updateMember(db, member.id, { is_invisible: body.invisible ? 1 : 0 });
    return { ok: true as const };
  });
}
