import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, chatWorld } from '@server/test/chat-test-world';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { localPhotoStorage } from '@server/storage/photo-storage';
import { eraseDueAccounts } from './account-erasure';

// Issue 31 item 7: "The other member's side survives: … show the partner 'a deleted member'
// instead." The partner of a deleted (then erased) member keeps the conversation in their
// list and can read it, with no name, photo or age, and cannot write; nobody else sees the
// deleted member anywhere (docs/account-lifecycle.md).
let t: TestApp;
const world = chatWorld(() => t);
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Two members who wrote to each other; then `gone` deletes their account. */
async function conversationWithDeletedMember() {
  const partner = await world.member();
  const gone = await world.member();
  const partnerClient = await world.loggedIn(partner);
  const goneClient = await world.loggedIn(gone);
  const first = await world.sent(partnerClient, gone.id, 'Hello there');
  await world.sent(goneClient, partner.id, 'Hi! Nice to meet you');
  const deletion = await goneClient.post('/api/account-deletion.php', {
    password: 'correct horse battery',
  });
  expect(deletion.statusCode, deletion.body).toBe(200);
  return { partner, gone, partnerClient, conversationId: first.conversation_id };
}

async function expectDeletedMemberShown(
  client: TestClient,
  goneId: number,
  conversationId: number,
) {
  const list = (await client.get('/api/chats.php')).json();
  const entry = list.chats.find(
    (chat: { conversation: { id: number } }) => chat.conversation.id === conversationId,
  );
  // No name, photo, age or anything else of the card: only who it was and that they are gone.
  expect(entry?.profile).toEqual({ id: goneId, deleted: true });
  expect(entry.conversation.last_message).not.toBeNull();

  const opened = await client.get(`/api/chat.php?conversation=${conversationId}`);
  expect(opened.statusCode, opened.body).toBe(200);
  expect(opened.json().partner).toEqual({ id: goneId, deleted: true });
  const texts = opened.json().messages.map((message: { text: string }) => message.text);
  expect(texts).toContain('Hello there');

  // Opening it marks it read, as with anyone (spec §4).
  const read = await client.post('/api/chat-read.php', { conversation: conversationId });
  expect(read.statusCode, read.body).toBe(200);
}

async function expectSendRefused(client: TestClient, goneId: number, senderId: number) {
  const before = await world.messagesFrom(senderId);
  const credits = await world.creditsOf(senderId);
  const refused = await world.sendText(client, goneId, 'Are you still there?');
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({ error: 'partner_deleted' });
  expect(await world.messagesFrom(senderId)).toEqual(before);
  expect(await world.creditsOf(senderId)).toBe(credits);
}

describe('the partner of a deleted member', () => {
  it('lists the conversation as a deleted member, reads the messages, and cannot send', async () => {
    const { partner, gone, partnerClient, conversationId } = await conversationWithDeletedMember();
    await expectDeletedMemberShown(partnerClient, gone.id, conversationId);
    await expectSendRefused(partnerClient, gone.id, partner.id);
  });

  it('still sees the conversation the same way once the account is erased', async () => {
    const { partner, gone, partnerClient, conversationId } = await conversationWithDeletedMember();
    const deps = {
      db: world.db(),
      storage: localPhotoStorage(t.config.MEDIA_DIR),
      provider: null,
    };
    expect(await eraseDueAccounts(deps, new Date(Date.now() + 15 * DAY))).toContain(gone.id);
    await expectDeletedMemberShown(partnerClient, gone.id, conversationId);
    await expectSendRefused(partnerClient, gone.id, partner.id);
  });

  it("tells the partner's tabs to reload the conversation when the account goes and comes back", async () => {
    const { partner, gone, conversationId } = await conversationWithDeletedMember();
    const partnerChanges = () =>
      world
        .db()
        .selectFrom('member_events')
        .select('event_json')
        .where('member_id', '=', partner.id)
        .orderBy('seq')
        .execute()
        .then((rows) =>
          rows
            .map((row) => JSON.parse(row.event_json))
            .filter((event) => event.type === 'partner.changed'),
        );
    const told = { type: 'partner.changed', conversation_id: conversationId };
    expect(await partnerChanges()).toEqual([told]);

    // Restored within the 14 days: told again, so the tab shows the member once more.
    const restore = await new TestClient(t.app).post('/api/account-restore.php', {
      email: gone.email,
      password: PASSWORD,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await partnerChanges()).toEqual([told, told]);
  });

  it('does not see a partner who was banned (other statuses keep hiding the partner)', async () => {
    const partner = await world.member();
    const banned = await world.member();
    const client = await world.loggedIn(partner);
    const { conversation_id } = await world.sent(client, banned.id, 'Hello');
    await world
      .db()
      .updateTable('members')
      .set({ status: 'banned' })
      .where('id', '=', banned.id)
      .execute();
    const list = (await client.get('/api/chats.php')).json();
    expect(list.chats).toEqual([]);
    expect((await client.get(`/api/chat.php?conversation=${conversation_id}`)).statusCode).toBe(
      404,
    );
    expect((await world.sendText(client, banned.id, 'Hello?')).json()).toEqual({
      error: 'not_found',
    });
  });
});

describe('a member who never wrote to the deleted member', () => {
  it('cannot see them anywhere, nor learn that the account was deleted', async () => {
    const { gone } = await conversationWithDeletedMember();
    const third = await world.member();
    const client = await world.loggedIn(third);
    expect((await client.get(`/api/member.php?id=${gone.id}`)).statusCode).toBe(404);
    expect((await client.get(`/api/chat.php?member=${gone.id}`)).statusCode).toBe(404);
    const send = await world.sendText(client, gone.id, 'Hi');
    expect(send.statusCode).toBe(404);
    expect(send.json()).toEqual({ error: 'not_found' });
    expect((await client.get('/api/chats.php')).json().chats).toEqual([]);
  });
});
