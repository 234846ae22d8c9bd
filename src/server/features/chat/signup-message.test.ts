import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSiteByHost } from '@server/features/sites';
import { type SmtpCapture, linkIn, startSmtpCapture } from '@server/test/smtp-capture';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { chatWorld } from '@server/test/chat-test-world';
import { deliverSignupMessage } from './signup-message';

// issue 9 §6 (spec §3 signup_message): the message a visitor wrote when signing up on a
// member's page is delivered into that conversation once, free, when the account is activated.
let t: TestApp;
let smtp: SmtpCapture;
const world = chatWorld(() => t);
const { db, member, messagesFrom } = world;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let counter = 0;
async function signUpWithMessage(to: number, text = 'Hoi! Ik zag je profiel.') {
  const client = new TestClient(t.app);
  const email = `signup-message${++counter}-${Date.now()}@example.com`;
  const response = await client.post('/api/signup.php', {
    email,
    name: 'Sanne',
    password: 'a long passphrase here',
    date_of_birth: '1994-02-03',
    signup_message: text,
    signup_message_to: to,
  });
  expect(response.statusCode, response.body).toBe(200);
  const row = await db()
    .selectFrom('members')
    .select(['id', 'credits'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const activate = async () => {
    const link = new URL(linkIn(await smtp.waitForMail(email), '/api/activate.php'));
    return client.get(link.pathname + link.search);
  };
  return { client, id: row.id, credits: row.credits, activate };
}

describe('signup_message', () => {
  it('arrives in the conversation once, on activation, free of charge', async () => {
    const target = await member();
    const visitor = await signUpWithMessage(target.id);
    expect(await messagesFrom(visitor.id)).toEqual([]);
    expect((await visitor.activate()).headers.location).toBe('/activate/done');
    const messages = await messagesFrom(visitor.id);
    expect(messages).toMatchObject([
      { recipient_id: target.id, kind: 'text', text: 'Hoi! Ik zag je profiel.', credits_spent: 0 },
    ]);
    const credits = await world.creditsOf(visitor.id);
    expect(credits).toBe(visitor.credits);
    // A second delivery (a repeated call) stores nothing new.
    const site = (await findSiteByHost(db(), 'localhost'))!;
    expect(await deliverSignupMessage(servicesOf(t), site, visitor.id)).toBe(true);
    expect(await messagesFrom(visitor.id)).toHaveLength(1);
    // The target sees it in her list, unread.
    const targetChats = (await (await world.loggedIn(target)).get('/api/chats.php')).json();
    expect(targetChats.chats).toMatchObject([
      { profile: { id: visitor.id }, num_unread_messages: 1 },
    ]);
    // It is a conversation she started: one of her free starts is used (never refused).
    const terms = (await visitor.client.get(`/api/chat.php?member=${target.id}`)).json().terms;
    expect(terms.conversations_left).toBe(1);
  });

  it('is not delivered to a member who became invisible or blocked the newcomer', async () => {
    const invisible = await member();
    const first = await signUpWithMessage(invisible.id);
    await db()
      .updateTable('members')
      .set({ is_invisible: 1 })
      .where('id', '=', invisible.id)
      .execute();
    expect((await first.activate()).headers.location).toBe('/activate/done');
    expect(await messagesFrom(first.id)).toEqual([]);

    const blocker = await member();
    const second = await signUpWithMessage(blocker.id);
    await world.block(blocker.id, second.id);
    expect((await second.activate()).headers.location).toBe('/activate/done');
    expect(await messagesFrom(second.id)).toEqual([]);
  });

  it('keeps nothing to deliver without a message', async () => {
    const target = await member();
    const client = new TestClient(t.app);
    const email = `no-message-${Date.now()}@example.com`;
    await client.post('/api/signup.php', {
      email,
      name: 'Sanne',
      password: 'a long passphrase here',
      date_of_birth: '1994-02-03',
      signup_message_to: target.id,
    });
    const row = await db()
      .selectFrom('members')
      .select('signup_message_to')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.signup_message_to).toBeNull();
  });
});

/**
 * The services a repeated delivery needs: it is answered from the stored message (a replay
 * records no events and counts no rate), so stand-ins for events and the limiter do.
 */
function servicesOf(app: TestApp) {
  return {
    db: app.database.db,
    events: { record: async () => ({}), publish: async () => {} },
    rateLimiter: { hit: async () => true },
  } as unknown as Parameters<typeof deliverSignupMessage>[0];
}
