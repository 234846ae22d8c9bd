import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { chatWorld, newClientKey } from '@server/test/chat-test-world';

// issue 9 "Bad input and faults": the flood limit counts messages, not retries of one. The
// web retries a send on network errors with the same key; a member on a bad connection keeps
// their allowance for new messages (found by review).
let t: TestApp;
const { member, loggedIn, sendText } = chatWorld(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await updateSiteSettings(t, {
    chat: { free_conversations: 2, history_limit: 1000, messages_per_minute: 2 },
  });
});
afterAll(() => t.close());

it('answers retries of one message without using up the per-minute sends', async () => {
  const sender = await member({ paid_user: 1 });
  const recipient = await member();
  const client = await loggedIn(sender);
  const key = newClientKey();
  expect((await sendText(client, recipient.id, 'hello', key)).statusCode).toBe(200);
  expect((await sendText(client, recipient.id, 'hello', key)).statusCode).toBe(200);
  expect((await sendText(client, recipient.id, 'hello', key)).statusCode).toBe(200);
  // One message sent this minute; the limit is two.
  const second = await sendText(client, recipient.id, 'a second message');
  expect(second.statusCode, second.body).toBe(200);
  const third = await sendText(client, recipient.id, 'a third message');
  expect(third.statusCode).toBe(429);
  expect(third.json()).toEqual({ error: 'too_many_requests' });
});

it('answers a retry of a sent message even when the minute is used up', async () => {
  const sender = await member({ paid_user: 1 });
  const recipient = await member();
  const client = await loggedIn(sender);
  const key = newClientKey();
  const first = await sendText(client, recipient.id, 'first', key);
  expect(first.statusCode).toBe(200);
  expect((await sendText(client, recipient.id, 'second')).statusCode).toBe(200);
  expect((await sendText(client, recipient.id, 'third')).statusCode).toBe(429);
  const retry = await sendText(client, recipient.id, 'first', key);
  expect(retry.statusCode, retry.body).toBe(200);
  expect(retry.json().message.id).toBe(first.json().message.id);
  // A retry with the key of a sent message but another text is no retry.
  const forged = await sendText(client, recipient.id, 'not the first', key);
  expect(forged.statusCode).toBe(409);
});
