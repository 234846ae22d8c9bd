import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHATS_PAGE_SIZE, MESSAGES_PAGE_SIZE, messagesCursor } from '@contract/chat';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { chatWorld } from '@server/test/chat-test-world';

// The conversation list and one conversation (spec §2 chats, chats-id, members-id-chat; §3
// "Chat list entry", "Chat/likes state"; §4; §7 GET chats.php, DELETE chat.php; issue 9 §1).
let t: TestApp;
const world = chatWorld(() => t);
const { db, member, loggedIn, sent, block } = world;

// These tests send many messages; the per-minute limit has its own test in send.test.ts.
const CHAT_SETTINGS = { free_conversations: 2, history_limit: 1000, messages_per_minute: 600 };

beforeAll(async () => {
  t = await createTestApp();
  await updateSiteSettings(t, { chat: CHAT_SETTINGS });
});
afterAll(() => t.close());

const chatsOf = async (client: Awaited<ReturnType<typeof loggedIn>>, cursor?: string) => {
  const response = await client.get(`/api/chats.php${cursor ? `?cursor=${cursor}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    chats: Array<{
      conversation: { id: number; last_message: { text: string | null; from_me: boolean } | null };
      profile: { id: number; fictional: boolean };
      num_unread_messages: number;
    }>;
    total_unread: number;
    next_cursor: string | null;
  };
};
const partnersIn = (answer: Awaited<ReturnType<typeof chatsOf>>) =>
  answer.chats.map((entry) => entry.profile.id);

describe('GET /api/chats.php', () => {
  it('lists conversations newest first with the partner card, last message and unread counts', async () => {
    const viewer = await member({ paid_user: 1 });
    const [anna, bea] = [await member(), await member({ is_fictional: 1 })];
    const viewerClient = await loggedIn(viewer);
    await sent(await loggedIn(anna), viewer.id, 'Hoi van Anna');
    await sent(await loggedIn(anna), viewer.id, 'Nog een van Anna');
    await sent(viewerClient, bea.id, 'Hallo Bea');
    const answer = await chatsOf(viewerClient);
    expect(partnersIn(answer)).toEqual([bea.id, anna.id]);
    expect(answer.chats[0]).toMatchObject({
      conversation: { last_message: { kind: 'text', text: 'Hallo Bea', from_me: true } },
      profile: { id: bea.id, fictional: true },
      num_unread_messages: 0,
    });
    expect(answer.chats[1]).toMatchObject({
      conversation: { last_message: { text: 'Nog een van Anna', from_me: false } },
      num_unread_messages: 2,
    });
    expect(answer.total_unread).toBe(2);
    expect(answer.next_cursor).toBeNull();
    expect(answer.chats[0]!.profile).not.toHaveProperty('email');
  });

  it('pages with a keyset cursor and refuses a forged one', async () => {
    const viewer = await member({ paid_user: 1, credits: 1000 });
    const client = await loggedIn(viewer);
    const partners = [];
    for (let i = 0; i < CHATS_PAGE_SIZE + 2; i += 1) {
      const partner = await member();
      partners.push(partner.id);
      await sent(client, partner.id, `Hi ${i}`);
    }
    const first = await chatsOf(client);
    expect(first.chats).toHaveLength(CHATS_PAGE_SIZE);
    const second = await chatsOf(client, first.next_cursor!);
    expect([...partnersIn(first), ...partnersIn(second)]).toEqual(partners.reverse());
    expect(second.next_cursor).toBeNull();
    const forged = await client.get('/api/chats.php?cursor=bm9wZQ');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      error: 'validation_failed',
      fields: { cursor: 'cursor_invalid' },
    });
  });

  it('leaves out partners blocked either way, disabled or invisible, and brings them back', async () => {
    const viewer = await member({ paid_user: 1 });
    const client = await loggedIn(viewer);
    const blocked = await member();
    const blocker = await member();
    const disabled = await member();
    for (const partner of [blocked, blocker, disabled]) await sent(client, partner.id, 'Hi');
    await sent(await loggedIn(blocked), viewer.id, 'Unread from blocked');
    await block(viewer.id, blocked.id);
    await block(blocker.id, viewer.id);
    await db()
      .updateTable('members')
      .set({ profile_status: 'disabled' })
      .where('id', '=', disabled.id)
      .execute();
    const answer = await chatsOf(client);
    expect(answer.chats).toEqual([]);
    expect(answer.total_unread).toBe(0);
    // The blocked side loses it too (issue 9 §5).
    expect((await chatsOf(await loggedIn(blocked))).chats).toEqual([]);
    await db().deleteFrom('blocks').where('blocker_id', '=', viewer.id).execute();
    expect(partnersIn(await chatsOf(client))).toEqual([blocked.id]);
  });
});

describe('GET /api/chat.php', () => {
  it('opens by partner before any message (conversation_id null) with the terms', async () => {
    const viewer = await member({ paid_user: 0, credits: 10, country: 'NL' });
    const partner = await member({ is_fictional: 1 });
    const response = await (await loggedIn(viewer)).get(`/api/chat.php?member=${partner.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      conversation_id: null,
      partner: { id: partner.id, fictional: true },
      messages: [],
      older_cursor: null,
      terms: {
        costs: { message: 5, photo: 10, gift: 15 },
        message_length: 1000,
        credits: 10,
        premium: false,
        conversations_left: 2,
        minimum_message_costs: { costs: expect.any(Number), currency: 'EUR' },
      },
    });
  });

  it('opens by conversation id or partner with the latest messages, and pages older ones', async () => {
    const viewer = await member({ paid_user: 1, credits: 1000 });
    const partner = await member({ paid_user: 1, credits: 1000 });
    const client = await loggedIn(viewer);
    const ids: number[] = [];
    for (let i = 0; i < MESSAGES_PAGE_SIZE + 5; i += 1)
      ids.push((await sent(client, partner.id, `Message ${i}`)).id);
    const conversationId = (await chatsOf(client)).chats[0]!.conversation.id;
    const byId = (await client.get(`/api/chat.php?conversation=${conversationId}`)).json();
    const byMember = (await client.get(`/api/chat.php?member=${partner.id}`)).json();
    expect(byMember).toEqual(byId);
    expect(byId.conversation_id).toBe(conversationId);
    expect(byId.messages.map((message: { id: number }) => message.id)).toEqual(ids.slice(5));
    const older = await client.get(
      `/api/chat-messages.php?conversation=${conversationId}&before=${byId.older_cursor}`,
    );
    expect(older.statusCode).toBe(200);
    expect(older.json().messages.map((message: { id: number }) => message.id)).toEqual(
      ids.slice(0, 5),
    );
    expect(older.json().older_cursor).toBeNull();
  });

  it('never loads beyond the site history_limit (spec §9)', async () => {
    await updateSiteSettings(t, {
      chat: { free_conversations: 2, history_limit: 30, messages_per_minute: 600 },
    });
    try {
      const viewer = await member({ paid_user: 1, credits: 1000 });
      const partner = await member();
      const client = await loggedIn(viewer);
      const ids: number[] = [];
      for (let i = 0; i < 33; i += 1) ids.push((await sent(client, partner.id, `M${i}`)).id);
      const answer = (await client.get(`/api/chat.php?member=${partner.id}`)).json();
      expect(answer.messages.map((message: { id: number }) => message.id)).toEqual(ids.slice(3));
      expect(answer.older_cursor).toBeNull();
    } finally {
      await updateSiteSettings(t, {
        chat: { free_conversations: 2, history_limit: 1000, messages_per_minute: 30 },
      });
    }
  });

  it("answers not_found for others' conversations, blocked partners and oneself (IDOR)", async () => {
    const [anna, bea, intruder] = [await member(), await member(), await member()];
    const { conversation_id } = await sent(await loggedIn(anna), bea.id, 'Private');
    const intruderClient = await loggedIn(intruder);
    for (const url of [
      `/api/chat.php?conversation=${conversation_id}`,
      `/api/chat-messages.php?conversation=${conversation_id}&before=${messagesCursor.encode({ beforeMessageId: 9999 })}`,
      `/api/chat.php?member=${intruder.id}`,
    ]) {
      const response = await intruderClient.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
    for (const [url, payload] of [
      ['/api/chat-read.php', { conversation: conversation_id }],
      ['/api/chat-typing.php', { conversation: conversation_id }],
    ] as const)
      expect((await intruderClient.post(url, payload)).statusCode).toBe(404);
    expect(
      (await intruderClient.delete('/api/chat.php', { conversation: conversation_id })).statusCode,
    ).toBe(404);
    await block(bea.id, anna.id);
    const annaClient = await loggedIn(anna);
    expect((await annaClient.get(`/api/chat.php?conversation=${conversation_id}`)).statusCode).toBe(
      404,
    );
    expect((await annaClient.get(`/api/chat.php?member=${bea.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/chat-read.php', () => {
  it('sets the unread count to 0, shows the sender her messages read and tells her once (spec §4)', async () => {
    const [anna, bea] = [await member(), await member()];
    const annaClient = await loggedIn(anna);
    const { conversation_id, id } = await sent(annaClient, bea.id, 'Read me');
    const beaClient = await loggedIn(bea);
    // Opening alone does not mark it read.
    await beaClient.get(`/api/chat.php?conversation=${conversation_id}`);
    expect((await chatsOf(beaClient)).total_unread).toBe(1);
    for (let i = 0; i < 2; i += 1)
      expect(
        (await beaClient.post('/api/chat-read.php', { conversation: conversation_id })).statusCode,
      ).toBe(200);
    expect((await chatsOf(beaClient)).total_unread).toBe(0);
    const annaView = (await annaClient.get(`/api/chat.php?conversation=${conversation_id}`)).json();
    expect(annaView.messages).toMatchObject([{ id, read: true }]);
    const readEvents = await db()
      .selectFrom('member_events')
      .select('event_json')
      .where('member_id', '=', anna.id)
      .where('event_json', 'like', '%message.read%')
      .execute();
    expect(readEvents.map((row) => JSON.parse(row.event_json))).toEqual([
      { type: 'message.read', conversation_id, up_to_message_id: id },
    ]);
  });
});

describe('DELETE /api/chat.php', () => {
  it('hides the conversation for the deleter only; a newer message brings back only what came after', async () => {
    const [anna, bea] = [await member(), await member()];
    const [annaClient, beaClient] = [await loggedIn(anna), await loggedIn(bea)];
    const { conversation_id } = await sent(annaClient, bea.id, 'Before the delete');
    expect(
      (await beaClient.delete('/api/chat.php', { conversation: conversation_id })).statusCode,
    ).toBe(200);
    expect((await chatsOf(beaClient)).chats).toEqual([]);
    expect((await chatsOf(beaClient)).total_unread).toBe(0);
    expect(partnersIn(await chatsOf(annaClient))).toEqual([bea.id]);
    const cleared = (await beaClient.get(`/api/chat.php?conversation=${conversation_id}`)).json();
    expect(cleared.messages).toEqual([]);

    const after = await sent(annaClient, bea.id, 'After the delete');
    expect(partnersIn(await chatsOf(beaClient))).toEqual([anna.id]);
    const shown = (await beaClient.get(`/api/chat.php?conversation=${conversation_id}`)).json();
    expect(shown.messages.map((message: { id: number }) => message.id)).toEqual([after.id]);
    const annaSees = (await annaClient.get(`/api/chat.php?conversation=${conversation_id}`)).json();
    expect(annaSees.messages).toHaveLength(2);
  });
});
