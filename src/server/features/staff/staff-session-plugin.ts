import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@server/db/database';
import type { Staff } from '@server/db/staff-record';
import type { StaffCookies } from './staff-cookies';
import { findSessionStaff } from './staff-sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in staff member on a console route (/api/admin/…), else null. */
    staff: Staff | null;
  }
  interface FastifyInstance {
    /**
     * The staff member this request's session names now, read again from the database: a
     * long-lived console stream asks it on every beat (a logout or role change ends it).
     */
    staffOfSession: (request: FastifyRequest) => Promise<Staff | undefined>;
  }
}

/**
 * Who of the staff asks (issue 30 item 1), beside the members' session plugin: read from the
 * database on every console call, never kept, so a role change or removal counts at once on
 * every instance. Only console routes look: a member's pages never pay for it.
 */
export const staffSessionPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; cookies: StaffCookies }) => {
    app.decorateRequest('staff', null);
    app.decorate('staffOfSession', async (request: FastifyRequest) => {
      const token = request.cookies[options.cookies.session];
      return token && token.length <= 100 ? findSessionStaff(options.db, token) : undefined;
    });
    app.addHook('preHandler', (request, _reply, done) => {
      if (request.is404 || !(request.routeOptions.url ?? '').startsWith('/api/admin/'))
        return done();
      const token = request.cookies[options.cookies.session];
      if (!token || token.length > 100) return done();
      findSessionStaff(options.db, token).then(
        (staff) => {
          request.staff = staff ?? null;
          done();
        },
        (error: Error) => done(error),
      );
    });
  },
  { name: 'staff-session', dependencies: ['site-resolver'] },
);
