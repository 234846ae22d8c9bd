import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '@contract/events';
import { TestSocket, cookieHeaderOf, listenForSockets } from '@server/test/socket-client';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import type { TestClient } from '@server/test/test-client';
import { chatWorld } from '@server/test/chat-test-world';

// What the partner's tabs receive (issue 9 §4, §5): a new message with its number, typing
// (never stored), read state; and nothing at all across a block, in either direction.
let t: TestApp;
let url: string;
let origin: string;
const world = chatWorld(() => t);
const { member, loggedIn, sent, sendText, block } = world;

beforeAll(async () => {
  t = await createTestApp();
  await updateSiteSettings(t, {
    chat: { free_conversations: 2, history_limit: 1000, messages_per_minute: 600 },
  });
  ({ url, origin } = await listenForSockets(t.app));
});
afterAll(() => t.close());

async function socketOf(client: TestClient) {
  const socket = await TestSocket.open(url, { cookie: cookieHeaderOf(client), origin });
  await socket.resume(0);
  return socket;
}

type EventOf<Type extends string> = Extract<ServerFrame, { event: unknown }>['event'] & {
  type: Type;
};
const eventsIn = (socket: TestSocket) =>
  socket.frames.flatMap((frame) => ('event' in frame ? [frame.event] : []));
const hasMessage = (socket: TestSocket, text: string) =>
  eventsIn(socket).some((event) => event.type === 'message.new' && event.message.text === text);

describe('chat events', () => {
  it('delivers a new message, typing and read state to the partner', async () => {
    const [anna, bea] = [await member({ paid_user: 1 }), await member({ paid_user: 1 })];
    const [annaClient, beaClient] = [await loggedIn(anna), await loggedIn(bea)];
    const [annaSocket, beaSocket] = [await socketOf(annaClient), await socketOf(beaClient)];

    const message = await sent(annaClient, bea.id, 'Hoi Bea');
    await beaSocket.until(() => hasMessage(beaSocket, 'Hoi Bea'));
    const delivered = beaSocket.frames.find(
      (frame) => 'event' in frame && frame.event.type === 'message.new',
    );
    expect(delivered).toMatchObject({ seq: expect.any(Number) });
    // The sender's other tabs hear of it too, and of her new balance.
    await annaSocket.until(() =>
      eventsIn(annaSocket).some((event) => event.type === 'credits.changed'),
    );

    const typing = await annaClient.post('/api/chat-typing.php', {
      conversation: message.conversation_id,
    });
    expect(typing.statusCode).toBe(200);
    await beaSocket.until(() => eventsIn(beaSocket).some((event) => event.type === 'typing'));
    const typingFrame = beaSocket.frames.find(
      (frame) => 'event' in frame && frame.event.type === 'typing',
    );
    expect(typingFrame).toEqual({
      seq: null,
      event: { type: 'typing', conversation_id: message.conversation_id, member_id: anna.id },
    });

    await beaClient.post('/api/chat-read.php', { conversation: message.conversation_id });
    await annaSocket.until(() =>
      eventsIn(annaSocket).some(
        (event) =>
          event.type === 'message.read' &&
          (event as EventOf<'message.read'>).up_to_message_id === message.id,
      ),
    );
    annaSocket.close();
    beaSocket.close();
  });

  it('stops everything across a block, both ways, at once', async () => {
    const [anna, bea, carl] = [
      await member({ paid_user: 1 }),
      await member({ paid_user: 1 }),
      await member({ paid_user: 1 }),
    ];
    const [annaClient, beaClient] = [await loggedIn(anna), await loggedIn(bea)];
    const { conversation_id } = await sent(annaClient, bea.id, 'Before the block');
    const beaSocket = await socketOf(beaClient);
    await block(bea.id, anna.id);

    // Anna can neither write, type nor learn anything; Bea's read tells Anna nothing.
    expect((await sendText(annaClient, bea.id, 'After the block')).statusCode).toBe(404);
    expect(
      (await annaClient.post('/api/chat-typing.php', { conversation: conversation_id })).statusCode,
    ).toBe(404);
    expect(
      (await beaClient.post('/api/chat-read.php', { conversation: conversation_id })).statusCode,
    ).toBe(404);
    expect((await sendText(beaClient, anna.id, 'Bea writes back')).statusCode).toBe(404);

    // A message from someone else arrives after anything the block let through would have.
    await sent(await loggedIn(carl), bea.id, 'From Carl');
    await beaSocket.until(() => hasMessage(beaSocket, 'From Carl'));
    const fromAnna = eventsIn(beaSocket).filter(
      (event) =>
        (event.type === 'typing' && event.member_id === anna.id) ||
        (event.type === 'message.new' && event.message.sender_id === anna.id),
    );
    expect(fromAnna).toEqual([]);
    beaSocket.close();
  });

  it('limits typing notices per member', async () => {
    const [anna, bea] = [await member({ paid_user: 1 }), await member()];
    const annaClient = await loggedIn(anna);
    const { conversation_id } = await sent(annaClient, bea.id, 'Hi');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push(
        (await annaClient.post('/api/chat-typing.php', { conversation: conversation_id }))
          .statusCode,
      );
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });
});
