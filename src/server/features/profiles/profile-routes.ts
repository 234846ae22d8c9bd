import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ownProfileAnswerSchema,
  memberProfileAnswerSchema,
  profileUpdateSchema,
} from '@contract/profiles';
import { idParamSchema } from '@contract/ids';
import type { Db } from '@server/db/database';
import { findMemberById } from '@server/features/account/member-queries';
import { requireMember } from '@server/features/auth/session-plugin';
import { isRegionOf } from '@server/features/geo/regions';
import { visitorMaySearch } from '@server/features/members/visitor-search-policy';
import { AppError } from '@server/errors/app-error';
import { isBlockedEitherWay } from './block-queries';
import { listMemberInterests } from './interest-queries';
import { listPhotos } from './photo-queries';
import { presentMemberProfile, presentOwnProfile, viewerKindOf } from './profile-presenters';

const invalidField = (field: string, code = 'invalid_value') =>
  new AppError('validation_failed', 'invalid', { fields: { [field]: code } });

export async function profileRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function ownProfile(siteId: number, memberId: number) {
    const member = await findMemberById(db, memberId);
    if (!member || member.site_id !== siteId) throw new AppError('not_found', 'not_found');
    const [photos, interests] = await Promise.all([
      listPhotos(db, member.id, { activeOnly: false }),
      listMemberInterests(db, member.id),
    ]);
    return { member, photos, interestIds: interests.map((interest) => interest.id) };
  }

  routes.get(
    '/api/profile.php',
    { schema: { response: { 200: ownProfileAnswerSchema } } },
    async (request, reply) => {
      const member = requireMember(request);
      const own = await ownProfile(request.site.id, member.id);
      reply.header('cache-control', 'no-store');
      return { profile: presentOwnProfile(request.site, own.member, own.photos, own.interestIds) };
    },
  );

  routes.put(
    '/api/profile.php',
    { schema: { body: profileUpdateSchema, response: { 200: ownProfileAnswerSchema } } },
    async (request) => {
      const member = requireMember(request);
      const update = request.body;
      // spec §5: the profile name differs from the e-mail address.
      if (update.name.toLowerCase() === member.email) throw invalidField('name', 'name_is_email');
      if (!request.site.settings.countries.includes(update.country)) throw invalidField('country');
      if (update.region !== null && !isRegionOf(update.country, update.region))
        throw invalidField('region');
      const knownInterests = await db.selectFrom('interests').select('id').execute();
      const interestIds = [...new Set(update.interests)];
      if (interestIds.some((id) => !knownInterests.some((known) => known.id === id)))
        throw invalidField('interests');

      await db.transaction().execute(async (trx) => {
        const { interests: _interests, ...columns } = update;
        await trx.updateTable('members').set(columns).where('id', '=', member.id).execute();
        await trx.deleteFrom('member_interests').where('member_id', '=', member.id).execute();
        if (interestIds.length > 0) {
          await trx
            .insertInto('member_interests')
            .values(interestIds.map((id) => ({ member_id: member.id, interest_id: id })))
            .execute();
        }
      });
      const own = await ownProfile(request.site.id, member.id);
      return { profile: presentOwnProfile(request.site, own.member, own.photos, own.interestIds) };
    },
  );

  routes.get(
    '/api/member.php',
    {
      schema: {
        querystring: z.object({
          id: idParamSchema,
          network: z.string().max(64).optional(),
          ref: z.string().max(64).optional(),
        }),
        response: { 200: memberProfileAnswerSchema },
      },
    },
    async (request, reply) => {
      const viewer = request.member;
      // spec §6: a visitor sees member pages only where the site lets visitors search.
      if (!viewer && !visitorMaySearch(request.site.settings, request.query)) {
        throw new AppError('authentication_required', 'forbidden');
      }
      const target = await findMemberById(db, request.query.id);
      const isSelf = target !== undefined && target.id === viewer?.id;
      // Hidden, disabled, invisible and other sites' members answer exactly like a missing
      // one: invisible mode (spec §1) hides a member from lists and from lookups by id.
      const exists =
        target &&
        target.site_id === request.site.id &&
        (isSelf || (target.profile_status === 'enabled' && target.is_invisible === 0));
      if (!exists) throw new AppError('not_found', 'not_found');
      const blocks =
        viewer && viewer.id !== target.id
          ? await isBlockedEitherWay(db, viewer.id, target.id)
          : undefined;
      // spec §1: a blocked member cannot see the blocker's profile: 404, as if it did not exist.
      if (blocks?.bySecond) throw new AppError('not_found', 'not_found');
      const kind = viewerKindOf(viewer, target);
      const [photos, interests] = await Promise.all([
        listPhotos(db, target.id, { activeOnly: kind !== 'self' }),
        listMemberInterests(db, target.id),
      ]);
      reply.header('cache-control', 'private, no-store');
      return {
        profile: presentMemberProfile(
          request.site,
          target,
          photos,
          interests.map((interest) => interest.key),
          kind,
          blocks?.byFirst,
        ),
      };
    },
  );
}
