import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/database';
import { chatWorld } from '@server/test/chat-test-world';
import { cookieHeaderOf } from '@server/test/socket-client';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import type { TestClient } from '@server/test/test-client';

// Issue 30 items 3 and "done when": two app instances over one PostgreSQL database and one
// Redis. Two operators, one on each instance, claim the same conversation at once: exactly
// one wins; a console on the other instance hears of a claim live (its event stream) and
// sees who holds it. Only PostgreSQL and Redis are shared between processes, so the SQLite
// pass skips this with its reason.
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const reason = 'two instances need a shared PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)';
const WAIT_MS = 10_000;

/** A console's event stream on a listening instance: every `data:` line it received. */
class EventStream {
  readonly events: string[] = [];
  private waiters = new Set<() => void>();
  private constructor(private readonly response: IncomingMessage) {
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks)
        for (const line of block.split('\n'))
          if (line.startsWith('data: ')) this.events.push(line.slice(6));
      for (const wake of this.waiters) wake();
    });
  }

  static open(port: number, client: TestClient): Promise<EventStream> {
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/admin/inbox-events.php',
          // The demo site answers on localhost; the session is the staff member's cookie.
          headers: { host: 'localhost', cookie: cookieHeaderOf(client) },
        },
        (response) => {
          if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
          else resolve(new EventStream(response));
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  /** Waits until `count` events have arrived (the opening one included); never a fixed time. */
  until(count: number, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.events.length < count) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no ${what} within ${WAIT_MS} ms: ${JSON.stringify(this.events)}`));
      }, WAIT_MS);
      this.waiters.add(check);
      check();
    });
  }

  close() {
    this.response.destroy();
  }
}

describe.skipIf(!shared)(
  `claims on two instances (${shared ? 'PostgreSQL + Redis' : reason})`,
  () => {
    let a: TestApp;
    let b: FastifyInstance;
    let portOfB: number;
    const world = chatWorld(() => a);

    beforeAll(async () => {
      a = await createTestApp();
      await updateSiteSettings(a, {
        chat: { free_conversations: 5, history_limit: 1000, messages_per_minute: 600 },
      });
      // Instance B: its own app, pool and Redis connections, on the same schema and key prefix.
      const database = openDatabase({
        databaseUrl: a.config.DATABASE_URL,
        schema: a.config.DATABASE_SCHEMA,
        sqlitePath: ':memory:',
      });
      b = await buildApp({ config: a.config, database });
      await b.listen({ host: '127.0.0.1', port: 0 });
      const address = b.server.address();
      if (!address || typeof address === 'string') throw new Error('B is not listening');
      portOfB = address.port;
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    /** An operator's browser logged in on instance A or B (sessions live in the database). */
    async function operatorOn(app: 'a' | 'b', name: string) {
      const staff = await createTestStaff(a, 'operator', { name });
      return staffClient(app === 'a' ? a : { ...a, app: b }, staff);
    }

    async function waitingConversation() {
      const profile = await world.member({ is_fictional: 1, gender: 'female', seeking: 'male' });
      const writer = await world.member({ gender: 'male', seeking: 'female', credits: 100 });
      const message = await world.sent(await world.loggedIn(writer), profile.id, 'Anyone there?');
      return message.conversation_id;
    }

    const claim = (operator: TestClient, conversation: number) =>
      operator.post('/api/admin/inbox-claim.php', { conversation });
    const entryOf = async (operator: TestClient, conversation: number) =>
      (
        (await operator.get('/api/admin/inbox.php')).json().entries as Array<{
          conversation: number;
          claim: { mine: boolean; staff_name: string } | null;
        }>
      ).find((entry) => entry.conversation === conversation);

    it('gives a conversation to exactly one of two operators claiming at once on two instances', async () => {
      const [onA, onB] = [await operatorOn('a', 'Anouk on A'), await operatorOn('b', 'Bram on B')];
      const conversation = await waitingConversation();
      const answers = await Promise.all([claim(onA, conversation), claim(onB, conversation)]);
      expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((response) => response.statusCode === 409)!;
      expect(loser.json()).toEqual({ error: 'conversation_claimed' });
      const rows = await a.database.db
        .selectFrom('operator_claims')
        .selectAll()
        .where('conversation_id', '=', conversation)
        .execute();
      expect(rows).toHaveLength(1);
      // Each instance shows the same holder to both operators.
      const winner = answers[0]!.statusCode === 200 ? 'Anouk on A' : 'Bram on B';
      for (const operator of [onA, onB])
        expect((await entryOf(operator, conversation))?.claim?.staff_name).toBe(winner);
    });

    it('tells a console on instance B live of a claim made on instance A', async () => {
      const [onA, watcherOnB] = [
        await operatorOn('a', 'Claims on A'),
        await operatorOn('b', 'Watches on B'),
      ];
      const conversation = await waitingConversation();
      const stream = await EventStream.open(portOfB, watcherOnB);
      try {
        await stream.until(1, 'opening event');
        const before = stream.events.length;
        expect((await claim(onA, conversation)).statusCode).toBe(200);
        await stream.until(before + 1, 'inbox.changed from instance A');
        expect(JSON.parse(stream.events.at(-1)!)).toEqual({ type: 'inbox.changed' });
        // The console then reads the queue again, on its own instance, and sees the claim.
        expect((await entryOf(watcherOnB, conversation))?.claim).toMatchObject({
          mine: false,
          staff_name: 'Claims on A',
        });
        // And cannot take it while the claim lives.
        expect((await claim(watcherOnB, conversation)).json()).toEqual({
          error: 'conversation_claimed',
        });
      } finally {
        stream.close();
      }
    });
  },
);
