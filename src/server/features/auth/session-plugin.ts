import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { recordActivity } from '@server/db/members-table';
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
import { hashToken } from './tokens';

/** Sessions that ended, and the browser's own one if it goes on under a new token. */
export interface SessionsEnded extends EndedSessions {
  /**
   * This browser's session replaced by a new one of the same member (password change, login
   * again): its open sockets carry on with the new one instead of closing.
   */
  renewed?: { from: string; to: string };
}

/** Told of every session that ends here (realtime closes its sockets at once: issue 9 §4). */
export type SessionsEndedListener = (ended: SessionsEnded) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member, or null for a visitor. */
    member: Member | null;
  }
  interface FastifyReply {
    /** Starts a new session (a fresh token at every login) and sets its cookie. */
    startSession: (memberId: number) => Promise<void>;
    /**
     * Ends every session of the member and starts a new one for this browser, whose open
     * sockets carry on with it (password change: DESIGN.md §5).
     */
    restartSessions: (memberId: number) => Promise<void>;
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
    async function ended(sessions: SessionsEnded | undefined) {
      if (!sessions || (sessions.tokenHashes.length === 0 && !sessions.renewed)) return;
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

    // A callback hook: a visitor's call (no session cookie) takes no promise's turn.
    app.addHook('preHandler', (request, _reply, done) => {
      // Only API calls need to know who asks; the app's files and pages do not.
      if (!isApiRoute(request)) return done();
      const token = request.cookies[sessionCookie];
      if (!token || token.length > 100) return done();
      findSessionMember(options.db, token, request.site.id)
        .then(async (member) => {
          request.member = member ?? null;
          // A session used is a member active (issue 29 item 13); a failed record of it
          // never fails the member's call.
          if (member) {
            await recordActivity(options.db, member).catch((error: unknown) =>
              request.log.error({ err: error }, 'recording activity failed'),
            );
          }
        })
        .then(() => done(), done);
    });

    /** A new session for this browser: answers its token's hash. */
    async function issueSession(reply: FastifyReply, memberId: number) {
      const token = await createSession(options.db, memberId);
      reply.setCookie(sessionCookie, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: SESSION_MAX_AGE_SECONDS,
      });
      return hashToken(token);
    }

    app.decorateReply('startSession', async function (this: FastifyReply, memberId: number) {
      const previous = this.request.cookies[sessionCookie];
      const replaced = previous ? await deleteSession(options.db, previous) : undefined;
      const newHash = await issueSession(this, memberId);
      // The same member logging in again in this browser: its sockets go on with the new one.
      await ended(
        replaced?.memberId === memberId
          ? { memberId, tokenHashes: [], renewed: { from: replaced.tokenHashes[0]!, to: newHash } }
          : replaced,
      );
    });

    app.decorateReply('restartSessions', async function (this: FastifyReply, memberId: number) {
      const previous = this.request.cookies[sessionCookie];
      const previousHash = previous ? hashToken(previous) : undefined;
      const { tokenHashes } = await deleteAllSessions(options.db, memberId);
      const newHash = await issueSession(this, memberId);
      const kept = previousHash !== undefined && tokenHashes.includes(previousHash);
      // This browser's sockets are carried over, not closed: closed, the tab would ask who it
      // is before the answer with the new cookie arrived, and show itself logged out.
      await ended({
        memberId,
        tokenHashes: tokenHashes.filter((hash) => hash !== previousHash),
        ...(kept ? { renewed: { from: previousHash, to: newHash } } : {}),
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
