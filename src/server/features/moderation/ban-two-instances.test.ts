import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE } from '@contract/events';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/database';
import { createMember, createPhoto } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { TestSocket, cookieHeaderOf, listenForSockets } from '@server/test/socket-client';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { type TestApp, createTestApp } from '@server/test/test-app';

// Issue 30 item 5 ("two instances on PostgreSQL + Redis for bans"): staff ban through
// instance A; the member's socket held by instance B closes at once, through the session
// notice on Redis, with no heartbeat. Only PostgreSQL and Redis can be shared between
// processes, so the SQLite pass skips this with its reason.
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const reason = 'two instances need a shared PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)';

describe.skipIf(!shared)(
  `a ban on two instances (${shared ? 'PostgreSQL + Redis' : reason})`,
  () => {
    let a: TestApp;
    let b: FastifyInstance;
    let socketsOfB: { url: string; origin: string };

    beforeAll(async () => {
      a = await createTestApp();
      const database = openDatabase({
        databaseUrl: a.config.DATABASE_URL,
        schema: a.config.DATABASE_SCHEMA,
        sqlitePath: ':memory:',
      });
      b = await buildApp({ config: a.config, database });
      socketsOfB = await listenForSockets(b);
      await listenForSockets(a.app);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('closes the member’s socket on instance B when staff ban them on instance A', async () => {
      const member = await createMember(a.database.db, a.siteId);
      await createPhoto(a.database.db, member.id);
      const client = await loggedInClient(b, member);
      const socket = await TestSocket.open(socketsOfB.url, {
        cookie: cookieHeaderOf(client),
        origin: socketsOfB.origin,
      });
      await socket.resume(0);
      const staff = await staffClient(a, await createTestStaff(a, 'moderator'));
      const response = await staff.post('/api/admin/member-ban.php', {
        member: member.id,
        reason: 'Scam messages',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await socket.closed).code).toBe(SOCKET_CLOSE.sessionEnded);
      // And the session is refused on B's next request too.
      expect((await client.get('/api/user.php')).json()).toEqual({ user: null });
    });
  },
);
