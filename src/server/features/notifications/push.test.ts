import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatWorld } from '@server/test/chat-test-world';
import { type PushServiceFake, startPushServiceFake } from '@server/test/push-service-fake';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { TestSocket, cookieHeaderOf, listenForSockets } from '@server/test/socket-client';

// Issue 31 item 4 (spec §3 push public key, §4, §7 POST /api/user.php?push=1): web push sent
// from a job to a local push service, which decrypts what it receives.
let t: TestApp;
let pushService: PushServiceFake;
let sockets: { url: string; origin: string };
const world = chatWorld(() => t);

beforeAll(async () => {
  t = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true' });
  pushService = await startPushServiceFake();
  sockets = await listenForSockets(t.app);
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

const subscribe = (client: TestClient, subscription: unknown) =>
  client.post('/api/user.php?push=1', { subscription });

async function subscribedMember(options: Parameters<typeof world.member>[0] = {}) {
  const row = await world.member(options);
  const client = await world.loggedIn(row);
  const subscription = pushService.subscription();
  const response = await subscribe(client, subscription);
  expect(response.statusCode, response.body).toBe(200);
  return { row, client, subscription };
}

const pushesTo = (endpoint: string) =>
  pushService.received.filter((push) => endpoint.endsWith(push.path));

describe('web push (issue 31 item 4)', () => {
  it('puts the installation’s VAPID public key in settings.php, the same on every answer', async () => {
    const first = (await new TestClient(t.app).get('/api/settings.php')).json();
    const key = first.settings.push_public_key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const stored = await t.database.db
      .selectFrom('notification_keys')
      .select('vapid_public_key')
      .executeTakeFirstOrThrow();
    expect(stored.vapid_public_key).toBe(key);
  });

  it('attaches a subscription with POST /api/user.php?push=1 without logging anyone in', async () => {
    const visitor = new TestClient(t.app);
    const refused = await subscribe(visitor, pushService.subscription());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('authentication_required');
    expect((await visitor.get('/api/user.php')).json().user).toBeNull();

    const { row } = await subscribedMember();
    const rows = await t.database.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('member_id', '=', row.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a body that is not a subscription, plain http and private addresses (SSRF)', async () => {
    const row = await world.member();
    const client = await world.loggedIn(row);
    const keys = pushService.subscription().keys;
    for (const subscription of [
      { endpoint: 'not a url', keys },
      { endpoint: 'https://push.example.com/x' },
      { endpoint: 'ftp://push.example.com/x', keys },
      { endpoint: 'http://push.example.com/x', keys },
      { endpoint: 'https://10.1.2.3/x', keys },
      { endpoint: 'https://192.168.1.1/x', keys },
      { endpoint: 'https://[::1]/x', keys },
      { endpoint: 'https://169.254.169.254/latest/meta-data', keys },
      { endpoint: 'https://push.example.com:8443/x', keys },
    ]) {
      const response = await subscribe(client, subscription);
      expect(response.statusCode, JSON.stringify(subscription)).toBe(400);
      expect(response.json().error).toBe('validation_failed');
    }
    const count = await t.database.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('pushes a message to a member without an open tab: decrypted, in their language, with the sender’s name and a link to the chat', async () => {
    const { row: recipient, subscription } = await subscribedMember({ language: 'nl' });
    const sender = await world.member({ name: 'Saskia' });
    const senderClient = await world.loggedIn(sender);
    await world.sent(senderClient, recipient.id, 'Hallo!');
    await waitFor(() => pushesTo(subscription.endpoint).length >= 1);
    const [push] = pushesTo(subscription.endpoint);
    expect(push!.headers.authorization).toMatch(/^vapid t=/);
    expect(push!.payload).toEqual({
      kind: 'message',
      title: 'Saskia is een gesprek met je begonnen',
      body: 'Open de chat om het te lezen.',
      icon: expect.stringContaining('-thumb.webp'),
      url: `/members/${sender.id}/chat`,
      badge: 1,
    });
  });

  it('labels a fictional sender as fictional', async () => {
    const { row: recipient, subscription } = await subscribedMember({ language: 'en' });
    const profile = await world.member({ name: 'Mira', is_fictional: 1 });
    const profileClient = await world.loggedIn(profile);
    await world.sent(profileClient, recipient.id, 'Hi!');
    await waitFor(() => pushesTo(subscription.endpoint).length >= 1);
    expect(pushesTo(subscription.endpoint)[0]!.payload).toMatchObject({
      title: 'Mira (fictional profile) started a conversation with you',
    });
  });

  it('pushes nothing to a member with a tab open: the tab shows the message already', async () => {
    const { row: recipient, client, subscription } = await subscribedMember();
    const { row: other, subscription: otherSubscription } = await subscribedMember();
    const senderClient = await world.loggedIn(await world.member());
    // An open tab: its socket subscribes the member's channel (across instances via Redis).
    const tab = await TestSocket.open(sockets.url, {
      cookie: cookieHeaderOf(client),
      origin: sockets.origin,
    });
    await tab.resume(0);
    await world.sent(senderClient, recipient.id, 'seen in the tab');
    await tab.until((frames) =>
      frames.some((frame) => 'event' in frame && frame.event.type === 'message.new'),
    );
    // The same sender's next message, to a member without a tab, is pushed (and after it).
    await world.sent(senderClient, other.id, 'pushed');
    await waitFor(() => pushesTo(otherSubscription.endpoint).length >= 1);
    expect(pushesTo(subscription.endpoint)).toEqual([]);
    tab.socket.close();
  });

  it('pushes nothing of a kind the member turned off, and still the kinds left on', async () => {
    const { row: recipient, client, subscription } = await subscribedMember();
    const off = await client.put('/api/notifications.php', {
      push: { new_conversations: false, new_messages: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().push).toMatchObject({ new_conversations: false, likes: true });
    const senderClient = await world.loggedIn(await world.member());
    await world.sent(senderClient, recipient.id, 'kind off');
    expect((await senderClient.post('/api/like.php', { profile: recipient.id })).statusCode).toBe(
      200,
    );
    await waitFor(() => pushesTo(subscription.endpoint).length >= 1);
    expect(pushesTo(subscription.endpoint).map((push) => push.payload)).toEqual([
      expect.objectContaining({ kind: 'like', url: expect.stringMatching(/^\/members\/\d+$/) }),
    ]);
  });

  it('removes a subscription the push service answers 410 Gone', async () => {
    const row = await world.member();
    const client = await world.loggedIn(row);
    expect((await subscribe(client, pushService.subscription(410))).statusCode).toBe(200);
    const sender = await world.member();
    await world.sent(await world.loggedIn(sender), row.id, 'gone?');
    await waitFor(async () => {
      const left = await t.database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('member_id', '=', row.id)
        .execute();
      return left.length === 0;
    });
  });
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
