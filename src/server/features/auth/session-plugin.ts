import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@server/db/database';
import type { MemberRow } from '@server/db/schema';
import { HttpError } from '@server/http/http-error';
import {
  SESSION_MAX_AGE_SECONDS,
  createSession,
  deleteSession,
  findSessionMember,
} from './session-queries';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member, or null for a visitor. */
    member: MemberRow | null;
  }
  interface FastifyReply {
    /** Starts a new session (a fresh token at every login) and sets its cookie. */
    startSession: (memberId: number) => Promise<void>;
    endSession: () => Promise<void>;
  }
}

/** The member of a request; answers 403 authentication_required for visitors (spec §8). */
export function requireMember(request: FastifyRequest): MemberRow {
  if (!request.member) throw new HttpError(403, 'authentication_required');
  return request.member;
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { db: Db }) => {
    app.decorateRequest('member', null);
    app.addHook('preHandler', async (request) => {
      // Only API calls need to know who asks; the app's files and pages do not.
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return;
      request.member = (await findSessionMember(options.db, token, request.site.id)) ?? null;
    });

    app.decorateReply('startSession', async function (this: FastifyReply, memberId: number) {
      const previous = this.request.cookies[SESSION_COOKIE];
      if (previous) await deleteSession(options.db, previous);
      const token = await createSession(options.db, memberId);
      this.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        maxAge: SESSION_MAX_AGE_SECONDS,
      });
    });

    app.decorateReply('endSession', async function (this: FastifyReply) {
      const token = this.request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(options.db, token);
      this.clearCookie(SESSION_COOKIE, { path: '/' });
    });
  },
  { name: 'session', dependencies: ['site-resolver'] },
);
