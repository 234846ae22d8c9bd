import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okAnswerSchema } from '@contract/account';
import {
  blockedMembersAnswerSchema,
  invisibleRequestSchema,
  memberIdSchema,
} from '@contract/profiles';
import type { Db } from '@server/db/database';
import { findMemberById } from '@server/features/account/member-queries';
import { requireMember } from '@server/features/auth/session-plugin';
import { AppError } from '@server/errors/app-error';
import { blockMember, listBlockedMembers, unblockMember } from './block-queries';

/** Blocking (spec §1, §6) and invisible mode. */
export async function blockRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/block.php',
    { schema: { body: memberIdSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      const member = requireMember(request);
      const target = await findMemberById(db, request.body.member_id);
      if (!target || target.site_id !== request.site.id || target.id === member.id)
        throw new AppError('not_found', 'not_found');
      await blockMember(db, member.id, target.id);
      return { ok: true as const };
    },
  );

  routes.delete(
    '/api/block.php',
    { schema: { body: memberIdSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      const member = requireMember(request);
      await unblockMember(db, member.id, request.body.member_id);
      return { ok: true as const };
    },
  );

  routes.get(
    '/api/blocks.php',
    { schema: { response: { 200: blockedMembersAnswerSchema } } },
    async (request, reply) => {
      const member = requireMember(request);
      reply.header('cache-control', 'no-store');
      return { blocked: await listBlockedMembers(db, member.id) };
    },
  );

  routes.put(
    '/api/invisible.php',
    { schema: { body: invisibleRequestSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      const member = requireMember(request);
      await db
        .updateTable('members')
        .set({ is_invisible: request.body.invisible ? 1 : 0 })
        .where('id', '=', member.id)
        .execute();
      return { ok: true as const };
    },
  );
}
