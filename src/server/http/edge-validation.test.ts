import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatsCursor, messagesCursor } from '@contract/chat';
import { LIKES_TYPES, likesCursor, searchCursor } from '@contract/discovery';
import { MAX_DATABASE_ID } from '@contract/ids';
import type { MemberRow } from '@server/db/schema';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// issue 23 §3: what PostgreSQL cannot hold (an id past its integer, a NUL byte in text) is
// refused at the edge, by the contract's schemas, with 400 validation_failed on both
// databases, before any query runs. Before, PostgreSQL answered 500 where SQLite answered.

const PASSWORD = 'correct horse battery';
const TOO_LARGE = MAX_DATABASE_ID + 1;
const AT = '2026-11-26T10:00:00.000Z';
let t: TestApp;
let member: MemberRow;
let client: TestClient;
let conversationId: number;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t.database.db, t.siteId, { gender: 'male', seeking: 'female' });
  const partner = await createMember(t.database.db, t.siteId, { gender: 'female' });
  const [low, high] = [member.id, partner.id].sort((a, b) => a - b) as [number, number];
  ({ id: conversationId } = await t.database.db
    .insertInto('conversations')
    .values({
      site_id: t.siteId,
      member_low_id: low,
      member_high_id: high,
      started_by: member.id,
      created_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow());
  await t.database.db
    .insertInto('conversation_members')
    .values(
      [
        { member_id: member.id, partner_id: partner.id },
        { member_id: partner.id, partner_id: member.id },
      ].map((side) => ({ ...side, conversation_id: conversationId, last_message_at: AT })),
    )
    .execute();
  client = new TestClient(t.app);
  expect(
    (await client.post('/api/user.php', { email: member.email, password: PASSWORD })).statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

const refused = (field: string, code: string) => ({
  error: 'validation_failed',
  fields: { [field]: code },
});

describe('ids past PostgreSQL’s integer inside keyset cursors', () => {
  // The codecs type their input; a forged cursor is exactly what they would never write.
  const forge = <T>(encode: (value: T) => string, value: Record<string, unknown>) =>
    encode(value as T);

  it('chats.php refuses such a cursor, and takes one with an id at the limit', async () => {
    for (const [id, status] of [
      [TOO_LARGE, 400],
      [MAX_DATABASE_ID, 200],
    ] as const) {
      const cursor = forge(chatsCursor.encode, { lastMessageAt: AT, conversationId: id });
      const response = await client.get(`/api/chats.php?cursor=${cursor}`);
      expect(response.statusCode, response.body).toBe(status);
      if (status === 400) expect(response.json()).toEqual(refused('cursor', 'cursor_invalid'));
    }
  });

  it('chat-messages.php refuses such a `before` in the member’s own conversation', async () => {
    const before = forge(messagesCursor.encode, { beforeMessageId: TOO_LARGE });
    const response = await client.get(
      `/api/chat-messages.php?conversation=${conversationId}&before=${before}`,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(refused('before', 'cursor_invalid'));
  });

  it.each(LIKES_TYPES)('likes-page.php?type=%s refuses such a cursor', async (type) => {
    const cursor = forge(likesCursor.encode, { createdAt: AT, id: TOO_LARGE });
    const response = await client.get(`/api/likes-page.php?type=${type}&cursor=${cursor}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(refused('cursor', 'cursor_invalid'));
  });

  it('search.php refuses such a cursor, for members and visitors', async () => {
    const cursor = forge(searchCursor.encode, { lastActiveAt: AT, id: TOO_LARGE, pageNumber: 2 });
    for (const caller of [client, new TestClient(t.app)]) {
      const response = await caller.get(`/api/search.php?cursor=${cursor}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(refused('cursor', 'cursor_invalid'));
    }
  });

  it('the cursors of the old text shapes are refused too, never read', async () => {
    const old = Buffer.from(`${AT}|${TOO_LARGE}`).toString('base64url');
    const response = await client.get(`/api/likes-page.php?type=liked&cursor=${old}`);
    expect(response.json()).toEqual(refused('cursor', 'cursor_invalid'));
  });
});

describe('a NUL byte in text that is looked up', () => {
  it('in the login e-mail', async () => {
    const response = await new TestClient(t.app).post('/api/user.php', {
      email: `${member.email}\u0000`,
      password: PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(refused('email', 'text_invalid_characters'));
  });

  it('in the password-reset e-mail', async () => {
    const response = await new TestClient(t.app).post('/api/reset-password.php', {
      email: `\u0000${member.email}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(refused('email', 'text_invalid_characters'));
  });

  it('in the payment provider’s webhook id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${encodeURIComponent('tr_\u0000abc')}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(refused('id', 'text_invalid_characters'));
  });
});
