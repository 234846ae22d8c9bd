import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serverEventSchema } from '@contract/events';
import { isPostgres } from '@server/db/dialect-of';
import { toMember } from '@server/db/member-record';
import { findSiteByHost } from '@server/features/sites';
import { memoryRateLimiter } from '@server/rate-limit/rate-limiter';
import { memberEvents } from '@server/realtime/member-events';
import { memoryPubSub } from '@server/realtime/pub-sub';
import { statementCounter } from '@server/test/statement-count';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { messageEvent } from './chat-presenter';
import { sendMessage } from './chat-service';
import { chatWorld, newClientKey } from '@server/test/chat-test-world';

// issue 24 §2, one spelling of every rule: a message is the same Kysely steps on both
// databases (chat-service.ts storeMessage), and what it stores is what it announces.
let t: TestApp;
const { db, member, creditsOf } = chatWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The send's services over a handle that counts its statements. */
function counted() {
  const { counter, plugin } = statementCounter();
  const handle = db().withPlugin(plugin);
  const services = {
    db: handle,
    events: memberEvents(handle, memoryPubSub()),
    rateLimiter: memoryRateLimiter(),
  };
  return { counter, services };
}

async function paidSend() {
  const sender = await member({ credits: 30 });
  const recipient = await member();
  const site = (await findSiteByHost(db(), 'localhost'))!;
  const { counter, services } = counted();
  const sent = await sendMessage(services, {
    site,
    sender: toMember(sender),
    to: recipient.id,
    clientKey: newClientKey(),
    content: { kind: 'text', text: 'Hi there' },
  });
  return { sender, recipient, site, sent, statements: counter.statements };
}

it('stores, for each side, the very events it announces', async () => {
  const { sender, recipient, sent } = await paidSend();
  const stored = await db()
    .selectFrom('member_events')
    .select(['member_id', 'seq', 'event_json'])
    .where('member_id', 'in', [sender.id, recipient.id])
    .orderBy('member_id')
    .orderBy('seq')
    .execute();
  const eventsOf = (memberId: number) =>
    stored
      .filter((row) => row.member_id === memberId)
      .map((row) => serverEventSchema.parse(JSON.parse(row.event_json)));
  const message = messageEvent(sent.row);
  const balance = await creditsOf(sender.id);
  expect(balance).toBe(sent.credits);
  expect(eventsOf(sender.id)).toEqual([message, { type: 'credits.changed', credits: balance }]);
  expect(eventsOf(recipient.id)).toEqual([message]);
  // Numbered from the member's counter on, one after the other.
  expect(stored.filter((row) => row.member_id === sender.id).map((row) => row.seq)).toEqual([1, 2]);
});

it('sends a paid message as the same steps on both databases', async () => {
  const { statements } = await paidSend();
  // The sender's row lock (PostgreSQL only: SQLite's transaction is the single writer,
  // db/member-lock.ts), key check, recipient, conversation found and started, conversations
  // started (the free limit), message, booked?, balance, ledger row, list entries, event
  // counters, events. Before issue 24 PostgreSQL ran one function call instead.
  expect(statements).toBe(isPostgres(db()) ? 13 : 12);
});

it.runIf(process.env.DATABASE_URL)(
  'leaves no database function behind on PostgreSQL (migration 0012)',
  async () => {
    expect(isPostgres(db())).toBe(true);
    const { rows } = await sql<{ proname: string }>`
      select proname from pg_proc
      where pronamespace = current_schema()::regnamespace`.execute(db());
    expect(rows).toEqual([]);
  },
);
