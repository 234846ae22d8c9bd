import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite } from '@server/seed/demo-site';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { chatWorld, newClientKey } from '@server/test/chat-test-world';

// Sending messages paid in credits (issue 9 §2, "Bad input and faults"; spec §3 settings
// message_credits, message_length; §6; §8). The demo site charges 5 credits per text.
let t: TestApp;
let otherSiteId: number;
const world = chatWorld(() => t);
const { db, member, loggedIn, sendText, block, creditsOf, messagesFrom, ledgerOf } = world;

beforeAll(async () => {
  t = await createTestApp();
  otherSiteId = (await seedDemoSite(db(), 'other-site.example', [])).siteId;
});
afterAll(() => t.close());

const eventsOf = async (memberId: number) =>
  (
    await db()
      .selectFrom('member_events')
      .select('event_json')
      .where('member_id', '=', memberId)
      .orderBy('seq')
      .execute()
  ).map((row) => JSON.parse(row.event_json) as { type: string });

describe('POST /api/chat-message.php', () => {
  it('stores half an emoji as U+FFFD on both databases, and knows its retry', async () => {
    const sender = await member({ paid_user: 1 });
    const recipient = await member();
    const client = await loggedIn(sender);
    const key = newClientKey();
    const cut = 'Hi \ud83d';
    const first = await sendText(client, recipient.id, cut, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message.text).toBe('Hi \ufffd');
    const retry = await sendText(client, recipient.id, cut, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().message.id).toBe(first.json().message.id);
    expect(await creditsOf(sender.id)).toBe(95);
    expect((await eventsOf(recipient.id)).at(-1)).toMatchObject({
      type: 'message.new',
      message: { text: 'Hi \ufffd' },
    });
  });

  it('stores a text, charges message_credits once and puts it on both lists', async () => {
    const sender = await member({ paid_user: 1 });
    const recipient = await member();
    const client = await loggedIn(sender);
    const response = await sendText(client, recipient.id, '  Hoi, hoe gaat het?  ');
    expect(response.statusCode, response.body).toBe(200);
    const { message, credits } = response.json();
    expect(credits).toBe(95);
    expect(message).toMatchObject({
      sender_id: sender.id,
      kind: 'text',
      text: 'Hoi, hoe gaat het?',
      read: false,
      photo: null,
    });
    expect(await creditsOf(sender.id)).toBe(95);
    expect(await ledgerOf(sender.id)).toEqual([
      { amount: -5, reason: 'chat_text', idempotency_key: expect.stringMatching(/^message:/) },
    ]);
    const sides = await db()
      .selectFrom('conversation_members')
      .select(['member_id', 'num_unread_messages', 'last_message_id'])
      .where('conversation_id', '=', message.conversation_id)
      .orderBy('member_id')
      .execute();
    expect(sides).toEqual([
      { member_id: sender.id, num_unread_messages: 0, last_message_id: message.id },
      { member_id: recipient.id, num_unread_messages: 1, last_message_id: message.id },
    ]);
    expect((await eventsOf(recipient.id)).map((event) => event.type)).toEqual(['message.new']);
    expect((await eventsOf(sender.id)).map((event) => event.type)).toEqual([
      'message.new',
      'credits.changed',
    ]);
  });

  it('answers a retry with the same key with the stored message and charges once', async () => {
    const sender = await member({ paid_user: 1 });
    const recipient = await member();
    const client = await loggedIn(sender);
    const key = newClientKey();
    const first = await sendText(client, recipient.id, 'Once only', key);
    const retries = await Promise.all(
      [1, 2, 3].map(() => sendText(client, recipient.id, 'Once only', key)),
    );
    for (const retry of retries) {
      expect(retry.statusCode).toBe(200);
      expect(retry.json().message.id).toBe(first.json().message.id);
    }
    expect(await messagesFrom(sender.id)).toHaveLength(1);
    expect(await creditsOf(sender.id)).toBe(95);
    expect(await ledgerOf(sender.id)).toHaveLength(1);
  });

  it('answers a late retry with the message as it stands: read once the partner read it', async () => {
    const sender = await member({ paid_user: 1 });
    const recipient = await member();
    const client = await loggedIn(sender);
    const key = newClientKey();
    const { message } = (await sendText(client, recipient.id, 'Did you read this?', key)).json();
    await (
      await loggedIn(recipient)
    ).post('/api/chat-read.php', {
      conversation: message.conversation_id,
    });
    const retry = await sendText(client, recipient.id, 'Did you read this?', key);
    expect(retry.json()).toMatchObject({ message: { id: message.id, read: true }, credits: 95 });
  });

  it('refuses the same key for another message with 409 idempotency_key_reused', async () => {
    const sender = await member({ paid_user: 1 });
    const recipient = await member();
    const other = await member();
    const client = await loggedIn(sender);
    const key = newClientKey();
    await sendText(client, recipient.id, 'First', key);
    for (const [to, text] of [
      [recipient.id, 'Something else'],
      [other.id, 'First'],
    ] as const) {
      const response = await sendText(client, to, text, key);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'idempotency_key_reused' });
    }
    expect(await messagesFrom(sender.id)).toHaveLength(1);
    expect(await creditsOf(sender.id)).toBe(95);
  });

  it('refuses bad input with its own code, storing and charging nothing', async () => {
    const sender = await member({ paid_user: 1 });
    const recipient = await member();
    const client = await loggedIn(sender);
    const cases: Array<[unknown, number, unknown]> = [
      [{ kind: 'text', to: sender.id, text: 'Me' }, 400, { error: 'cannot_message_self' }],
      [{ kind: 'text', to: recipient.id, text: '   ' }, 400, { error: 'message_empty' }],
      [
        { kind: 'text', to: recipient.id, text: 'x'.repeat(1001) },
        400,
        { error: 'message_too_long' },
      ],
      [{ kind: 'gift', to: recipient.id, gift_id: 'diamond' }, 400, { error: 'validation_failed' }],
      [{ kind: 'text', to: recipient.id, text: 'a\u202Eb' }, 400, { error: 'validation_failed' }],
      [
        { kind: 'text', to: recipient.id, text: 'Hi', client_key: 'short' },
        400,
        { error: 'validation_failed' },
      ],
      [{ kind: 'voice', to: recipient.id }, 400, { error: 'validation_failed' }],
    ];
    for (const [body, status, error] of cases) {
      const response = await client.post('/api/chat-message.php', {
        client_key: newClientKey(),
        ...(body as object),
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toMatchObject(error as object);
    }
    // Exactly message_length characters is fine.
    expect((await sendText(client, recipient.id, 'x'.repeat(1000))).statusCode).toBe(200);
    expect(await messagesFrom(sender.id)).toHaveLength(1);
    expect(await ledgerOf(sender.id)).toHaveLength(1);
  });

  it('answers not_found for blocked (either way), disabled, invisible, other-site and missing members (spec §1)', async () => {
    const sender = await member({ paid_user: 1 });
    const client = await loggedIn(sender);
    const blockedBySender = await member();
    const blockerOfSender = await member();
    await block(sender.id, blockedBySender.id);
    await block(blockerOfSender.id, sender.id);
    const unreachable = [
      blockedBySender.id,
      blockerOfSender.id,
      (await member({ profile_status: 'disabled' })).id,
      (await member({ is_invisible: 1 })).id,
      (await member({ site_id: otherSiteId })).id,
      2_000_000_000,
    ];
    for (const to of unreachable) {
      const response = await sendText(client, to, 'Hallo');
      expect(response.statusCode, String(to)).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
    expect(await messagesFrom(sender.id)).toEqual([]);
    expect(await creditsOf(sender.id)).toBe(100);
  });

  it('answers 402 insufficient_credits and stores nothing when the member cannot pay (spec §8)', async () => {
    const sender = await member({ paid_user: 1, credits: 4 });
    const recipient = await member();
    const response = await sendText(await loggedIn(sender), recipient.id, 'Too expensive');
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: 'insufficient_credits' });
    expect(await messagesFrom(sender.id)).toEqual([]);
    expect(await creditsOf(sender.id)).toBe(4);
    expect(
      await db()
        .selectFrom('conversations')
        .select('id')
        .where('started_by', '=', sender.id)
        .execute(),
    ).toEqual([]);
  });

  // issue 23 §4: nobody could list, open or answer such a message, so none is sent.
  it('refuses a member in invisible mode with 403 invisible_mode_on, storing and charging nothing', async () => {
    const sender = await member({ paid_user: 1 });
    const recipient = await member();
    const client = await loggedIn(sender);
    expect((await client.put('/api/invisible.php', { invisible: true })).statusCode).toBe(200);
    const text = await sendText(client, recipient.id, 'Can you see me?');
    expect(text.statusCode).toBe(403);
    expect(text.json()).toEqual({ error: 'invisible_mode_on' });
    const gift = await client.post('/api/chat-message.php', {
      kind: 'gift',
      to: recipient.id,
      client_key: newClientKey(),
      gift_id: 'rose',
    });
    expect(gift.json()).toEqual({ error: 'invisible_mode_on' });
    expect(await messagesFrom(sender.id)).toEqual([]);
    expect(await creditsOf(sender.id)).toBe(100);
    expect(await ledgerOf(sender.id)).toEqual([]);
    expect(await eventsOf(recipient.id)).toEqual([]);
    // Visible again, the same member sends as usual.
    expect((await client.put('/api/invisible.php', { invisible: false })).statusCode).toBe(200);
    expect((await sendText(client, recipient.id, 'Now you can')).statusCode).toBe(200);
  });

  it('refuses a member who never activated with 403 activation_required, storing and charging nothing', async () => {
    const sender = await member({
      paid_user: 1,
      status: 'not_confirmed',
      profile_status: 'disabled',
    });
    const recipient = await member();
    const response = await sendText(await loggedIn(sender), recipient.id, 'Hello?');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'activation_required' });
    expect(await messagesFrom(sender.id)).toEqual([]);
    expect(await creditsOf(sender.id)).toBe(100);
    expect(await eventsOf(recipient.id)).toEqual([]);
  });

  it('lets a free member start free_conversations conversations, continue them, and no more (spec §6)', async () => {
    const sender = await member({ paid_user: 0 });
    const client = await loggedIn(sender);
    const [first, second, third] = [await member(), await member(), await member()];
    expect((await sendText(client, first!.id, 'One')).statusCode).toBe(200);
    expect((await sendText(client, second!.id, 'Two')).statusCode).toBe(200);
    const refused = await sendText(client, third!.id, 'Three');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ error: 'premium_required' });
    // The ones started continue, and a conversation the partner started is no new start.
    expect((await sendText(client, first!.id, 'One again')).statusCode).toBe(200);
    const writer = await member();
    await world.sent(await loggedIn(writer), sender.id, 'I start this one');
    expect((await sendText(client, writer.id, 'Answering')).statusCode).toBe(200);
    expect(await messagesFrom(sender.id)).toHaveLength(4);
    expect(await creditsOf(sender.id)).toBe(80);
  });

  it('lets parallel starts by a free member take only the starts left', async () => {
    const sender = await member({ paid_user: 0 });
    const client = await loggedIn(sender);
    const partners = [await member(), await member(), await member(), await member()];
    const answers = await Promise.all(
      partners.map((partner) => sendText(client, partner.id, 'Parallel start')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 402, 402]);
    expect(await messagesFrom(sender.id)).toHaveLength(2);
    expect(await creditsOf(sender.id)).toBe(90);
  });

  it('queues messages to a fictional profile for an operator, never answered automatically (issue 9 §5)', async () => {
    const sender = await member({ paid_user: 1 });
    const fictional = await member({ is_fictional: 1 });
    await world.sent(await loggedIn(sender), fictional.id, 'Hoi!');
    const [stored] = await messagesFrom(sender.id);
    expect(stored?.operator_state).toBe('waiting');
    expect(await messagesFrom(fictional.id)).toEqual([]);
  });

  it('limits sends per member per minute with too_many_requests', async () => {
    await updateSiteSettings(t, {
      chat: { free_conversations: 2, history_limit: 1000, messages_per_minute: 3 },
    });
    try {
      const sender = await member({ paid_user: 1 });
      const recipient = await member();
      const client = await loggedIn(sender);
      for (let i = 0; i < 3; i += 1)
        expect((await sendText(client, recipient.id, `Message ${i}`)).statusCode).toBe(200);
      const flooded = await sendText(client, recipient.id, 'One too many');
      expect(flooded.statusCode).toBe(429);
      expect(flooded.json()).toEqual({ error: 'too_many_requests' });
      expect(await messagesFrom(sender.id)).toHaveLength(3);
    } finally {
      await updateSiteSettings(t, {
        chat: { free_conversations: 2, history_limit: 1000, messages_per_minute: 30 },
      });
    }
  });

  it('sends exactly 10 of 50 parallel messages from a member who can afford 10 (issue 9)', async () => {
    await updateSiteSettings(t, {
      chat: { free_conversations: 2, history_limit: 1000, messages_per_minute: 600 },
    });
    try {
      const sender = await member({ paid_user: 1, credits: 50 });
      const recipient = await member();
      const client = await loggedIn(sender);
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => sendText(client, recipient.id, `Parallel ${i}`)),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 402)).toHaveLength(40);
      expect(await messagesFrom(sender.id)).toHaveLength(10);
      expect(await ledgerOf(sender.id)).toHaveLength(10);
      expect(await creditsOf(sender.id)).toBe(0);
      const [side] = await db()
        .selectFrom('conversation_members')
        .select('num_unread_messages')
        .where('member_id', '=', recipient.id)
        .execute();
      expect(side?.num_unread_messages).toBe(10);
    } finally {
      await updateSiteSettings(t, {
        chat: { free_conversations: 2, history_limit: 1000, messages_per_minute: 30 },
      });
    }
  });

  it('keeps one conversation when two members write each other first at the same time', async () => {
    const [first, second] = [await member({ paid_user: 1 }), await member({ paid_user: 1 })];
    const [firstClient, secondClient] = [await loggedIn(first!), await loggedIn(second!)];
    const answers = await Promise.all([
      sendText(firstClient, second!.id, 'Hi!'),
      sendText(secondClient, first!.id, 'Hello!'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json().message.conversation_id).toBe(
      answers[1]!.json().message.conversation_id,
    );
  });

  it('answers every send of two members writing each other in a burst, each event numbered once', async () => {
    const [first, second] = [await member({ paid_user: 1 }), await member({ paid_user: 1 })];
    const [firstClient, secondClient] = [await loggedIn(first!), await loggedIn(second!)];
    const burst = (client: typeof firstClient, to: number, from: string) =>
      Array.from({ length: 10 }, (_, i) => sendText(client, to, `${from} ${i}`));
    const answers = await Promise.all([
      ...burst(firstClient, second!.id, 'first'),
      ...burst(secondClient, first!.id, 'second'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    for (const side of [first!, second!]) {
      const seqs = (
        await db()
          .selectFrom('member_events')
          .select('seq')
          .where('member_id', '=', side.id)
          .orderBy('seq')
          .execute()
      ).map((row) => row.seq);
      // 20 messages on their side, 10 balance changes of their own: numbered 1 to 30.
      expect(seqs).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    }
  });

  it('asks visitors to log in (spec §6)', async () => {
    const recipient = await member();
    const { TestClient } = await import('@server/test/test-client');
    const response = await sendText(new TestClient(t.app), recipient.id, 'Hi');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'authentication_required' });
  });
});
