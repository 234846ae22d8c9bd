import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import type { CookiePolicy } from './cookie-policy';
import { isApiRoute } from './csrf-plugin';
import {
  type EndedSessions,
  SESSION_MAX_AGE_SECONDS,
  createSession,
  deleteAllSessions,
  deleteSession,
  findSessionMember,
} from './session-queries';

/** Told of every session that ends here (realtime closes its sockets at once: issue 9 §4). */
export type SessionsEndedListener = (ended: EndedSessions) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member, or null for a visitor. */
    member: Member | null;
  }
  interface FastifyReply {
    /** Starts a new session (a fresh token at every login) and sets its cookie. */
    startSession: (memberId: number) => Promise<void>;
    endSession: () => Promise<void>;
  }
  interface FastifyInstance {
    /** Revokes every session of a member (password change or reset: DESIGN.md §5). */
    endAllSessions: (memberId: number) => Promise<void>;
    /** Adds a listener for sessions that end (logout, revoked, replaced at login). */
    onSessionsEnded: (listener: SessionsEndedListener) => void;
  }
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; cookies: CookiePolicy }) => {
    const { sessionCookie, secure } = options.cookies;
    app.decorateRequest('member', null);

    const listeners: SessionsEndedListener[] = [];
    // A listener that fails (Redis down) never fails the logout: the sockets' heartbeat
    // re-check closes them anyway.
    async function ended(sessions: EndedSessions | undefined) {
      if (!sessions || sessions.tokenHashes.length === 0) return;
      await Promise.all(
        listeners.map((listener) =>
          listener(sessions).catch((error: unknown) =>
            app.log.error({ err: error }, 'session end listener failed'),
          ),
        ),
      );
    }
    app.decorate('onSessionsEnded', (listener: SessionsEndedListener) => {
      listeners.push(listener);
    });
    app.decorate('endAllSessions', async (memberId: number) => {
      await ended(await deleteAllSessions(options.db, memberId));
    });

    app.addHook('preHandler', async (request) => {
      // Only API calls need to know who asks; the app's files and pages do not.
      if (!isApiRoute(request)) return;
      const token = request.cookies[sessionCookie];
      if (!token || token.length > 100) return;
      request.member = (await findSessionMember(options.db, token, request.site.id)) ?? null;
    });

    app.decorateReply('startSession', async function (this: FastifyReply, memberId: number) {
      const previous = this.request.cookies[sessionCookie];
      if (previous) await ended(await deleteSession(options.db, previous));
      const token = await createSession(options.db, memberId);
      this.setCookie(sessionCookie, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: SESSION_MAX_AGE_SECONDS,
      });
    });

    app.decorateReply('endSession', async function (this: FastifyReply) {
      const token = this.request.cookies[sessionCookie];
      if (token) await ended(await deleteSession(options.db, token));
      this.clearCookie(sessionCookie, { path: '/', secure });
    });
  },
  { name: 'session', dependencies: ['site-resolver'] },
);
