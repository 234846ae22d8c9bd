import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHATS_PAGE_SIZE } from '@contract/chat';
import { toMember } from '@server/db/member-record';
import { findSiteByHost } from '@server/features/sites';
import { statementCounter } from '@server/test/statement-count';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { memberValues } from '@server/test/factories';
import { listChats } from './chat-list';
import { chatWorld } from '@server/test/chat-test-world';

// issue 9 performance: chats.php for a member with 500 conversations takes at most 3 SQL
// statements. Counted on the database handle itself, so every statement run is seen.
let t: TestApp;
const { db, member } = chatWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('lists a member with 500 conversations in at most 3 statements', async () => {
  const viewer = await member();
  const partners = await db()
    .insertInto('members')
    .values(
      Array.from({ length: 500 }, (_, i) =>
        memberValues(t.siteId, {
          name: `Partner ${i}`,
          created_at: '2026-01-01T00:00:00.000Z',
          last_active_at: '2026-01-01T00:00:00.000Z',
        }),
      ),
    )
    .returning('id')
    .execute();
  // Seeded in a few set-based statements, so a busy machine cannot push the arranging past the
  // test's time (500 round trips each for conversations, messages and members did).
  const atOf = (index: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString();
  const conversations = await db()
    .insertInto('conversations')
    .values(
      partners.map((partner, index) => ({
        site_id: t.siteId,
        member_low_id: Math.min(viewer.id, partner.id),
        member_high_id: Math.max(viewer.id, partner.id),
        started_by: partner.id,
        created_at: atOf(index),
      })),
    )
    .returning(['id', 'started_by'])
    .execute();
  const conversationOf = new Map(conversations.map((row) => [row.started_by, row.id]));
  const messages = await db()
    .insertInto('messages')
    .values(
      partners.map((partner, index) => ({
        conversation_id: conversationOf.get(partner.id)!,
        sender_id: partner.id,
        recipient_id: viewer.id,
        kind: 'text',
        text: `Hello ${index}`,
        gift_id: null,
        photo_storage_key: null,
        photo_state: null,
        client_key: `seed-key-${index}-abcdefgh`,
        credits_spent: 5,
        operator_state: null,
        created_at: atOf(index),
      })),
    )
    .returning(['id', 'sender_id', 'created_at'])
    .execute();
  await db()
    .insertInto('conversation_members')
    .values(
      messages.flatMap((message) =>
        [
          { member_id: viewer.id, partner_id: message.sender_id, num_unread_messages: 1 },
          { member_id: message.sender_id, partner_id: viewer.id, num_unread_messages: 0 },
        ].map((side) => ({
          ...side,
          conversation_id: conversationOf.get(message.sender_id)!,
          last_message_id: message.id,
          last_message_at: message.created_at,
        })),
      ),
    )
    .execute();

  const site = await findSiteByHost(db(), 'localhost');
  const { counter, plugin } = statementCounter();
  const answer = await listChats(
    db().withPlugin(plugin),
    { site: site!, viewer: toMember(viewer) },
    undefined,
  );
  expect(answer.chats).toHaveLength(CHATS_PAGE_SIZE);
  expect(answer.chats[0]?.conversation.last_message?.text).toBe('Hello 499');
  expect(answer.total_unread).toBe(500);
  // The page (cards and last messages joined) and the unread total: 2 of the 3 allowed.
  expect(counter.statements).toBe(2);
});
