import type { FastifyInstance } from 'fastify';
import { blocksApi } from '@contract/endpoints/blocks';
import { AppError } from '@server/errors/app-error';
import { findMemberById } from '@server/db/members-table';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { blockMember, listBlockedMembers, unblockMember } from './block-queries';

/** Blocking (spec §1, §6): blocked members can neither view nor contact the blocker. */
export function blockRoutes(app: FastifyInstance, { db }: Services) {
  registerEndpoint(app, blocksApi.block, async ({ request, member, body }) => {
    const target = await findMemberById(db, body.member_id);
    if (!target || target.site_id !== request.site.id || target.id === member.id)
      throw new AppError('not_found', 'not_found');
    await blockMember(db, member.id, target.id);
    return { ok: true as const };
  });

  registerEndpoint(app, blocksApi.unblock, async ({ member, body }) => {
    await unblockMember(db, member.id, body.member_id);
    return { ok: true as const };
  });

  registerEndpoint(app, blocksApi.blocked, async ({ reply, member }) => {
    reply.header('cache-control', 'no-store');
    return { blocked: await listBlockedMembers(db, member.id) };
  });
}
