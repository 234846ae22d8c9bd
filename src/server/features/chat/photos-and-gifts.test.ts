import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '@server/test/multipart';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { chatWorld, newClientKey } from '@server/test/chat-test-world';

// Photo messages and gifts (issue 9 §3): photos go through the photo pipeline, are stored
// privately, charged photo_credits (10 on the demo site), and shown to the recipient only
// after View; gifts come from the catalogue and cost gift_credits (15).
let t: TestApp;
let jpegWithGps: Buffer;
const world = chatWorld(() => t);
const { db, member, loggedIn, sent, creditsOf, messagesFrom, block } = world;

beforeAll(async () => {
  t = await createTestApp();
  jpegWithGps = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#c44' },
  })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'at home' } })
    .toBuffer();
});
afterAll(() => t.close());

const sendPhoto = (
  client: TestClient,
  to: number,
  clientKey = newClientKey(),
  file = jpegWithGps,
) =>
  client.upload(
    '/api/chat-photo.php',
    multipartForm(
      { to: String(to), client_key: clientKey },
      { contents: file, fileName: 'photo.jpg', contentType: 'image/jpeg' },
    ),
  );

describe('POST /api/chat-photo.php', () => {
  it('stores a pending photo, charges photo_credits once, and serves it only to whom may see it', async () => {
    const [sender, recipient, stranger] = [
      await member({ paid_user: 1 }),
      await member(),
      await member(),
    ];
    const senderClient = await loggedIn(sender);
    const key = newClientKey();
    const response = await sendPhoto(senderClient, recipient.id, key);
    expect(response.statusCode, response.body).toBe(200);
    const { message, credits } = response.json();
    expect(credits).toBe(90);
    expect(message).toMatchObject({
      kind: 'photo',
      photo: {
        state: 'pending',
        url: expect.stringContaining('/api/chat-photo-file.php?message='),
      },
    });
    // A retry answers the same message and charges nothing more.
    const retry = await sendPhoto(senderClient, recipient.id, key);
    expect(retry.json().message.id).toBe(message.id);
    expect(await creditsOf(sender.id)).toBe(90);

    const url = message.photo.url as string;
    const own = await senderClient.get(url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const metadata = await sharp(own.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(own.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);

    const recipientClient = await loggedIn(recipient);
    const before = (await recipientClient.get(`/api/chat.php?member=${sender.id}`)).json();
    expect(before.messages.at(-1).photo).toEqual({ state: 'pending', url: null });
    expect((await recipientClient.get(url)).statusCode).toBe(404);
    expect((await (await loggedIn(stranger)).get(url)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(403);

    // Only the recipient decides; then she sees it.
    const bySender = await senderClient.post('/api/chat-photo-decision.php', {
      message: message.id,
      decision: 'view',
    });
    expect(bySender.statusCode).toBe(404);
    const viewed = await recipientClient.post('/api/chat-photo-decision.php', {
      message: message.id,
      decision: 'view',
    });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().message.photo).toEqual({ state: 'viewed', url });
    expect(
      (await recipientClient.get(`${url.replace('size=full', 'size=thumb')}`)).statusCode,
    ).toBe(200);

    // Never under the public /media route, even with the stored key.
    const [stored] = await messagesFrom(sender.id);
    const key2 = stored!.photo_storage_key!;
    const publicPath = `/media/pr/private-${key2}-full.webp`;
    expect(existsSync(join(t.config.MEDIA_DIR, 'pr', `private-${key2}-full.webp`))).toBe(true);
    expect((await new TestClient(t.app).get(publicPath)).statusCode).toBe(404);

    // A block ends it: not even the sender's own copy is served while it lasts.
    await block(recipient.id, sender.id);
    expect((await senderClient.get(url)).statusCode).toBe(404);
  });

  it('declines a photo: it stays hidden from the recipient', async () => {
    const [sender, recipient] = [await member({ paid_user: 1 }), await member()];
    const { message } = (await sendPhoto(await loggedIn(sender), recipient.id)).json();
    const recipientClient = await loggedIn(recipient);
    const declined = await recipientClient.post('/api/chat-photo-decision.php', {
      message: message.id,
      decision: 'decline',
    });
    expect(declined.json().message.photo).toEqual({ state: 'declined', url: null });
    expect((await recipientClient.get(message.photo.url)).statusCode).toBe(404);
  });

  // docs/chat.md "Photos and gifts": deleting a conversation from my list means I no longer
  // see its photos; the partner still does until they delete it too.
  it('serves a photo to no one who deleted the conversation; the partner keeps it until they delete too', async () => {
    const [sender, recipient] = [await member({ paid_user: 1 }), await member()];
    const senderClient = await loggedIn(sender);
    const recipientClient = await loggedIn(recipient);
    const { message } = (await sendPhoto(senderClient, recipient.id)).json();
    const url = message.photo.url as string;
    const decide = (decision: 'view' | 'decline') =>
      recipientClient.post('/api/chat-photo-decision.php', { message: message.id, decision });
    expect((await decide('view')).statusCode).toBe(200);
    const conversation = { conversation: message.conversation_id };

    expect((await senderClient.delete('/api/chat.php', conversation)).statusCode).toBe(200);
    expect((await senderClient.get(url)).statusCode).toBe(404);
    expect((await recipientClient.get(url)).statusCode).toBe(200);

    expect((await recipientClient.delete('/api/chat.php', conversation)).statusCode).toBe(200);
    expect((await recipientClient.get(url)).statusCode).toBe(404);
    expect((await decide('decline')).statusCode).toBe(404);
    expect((await decide('view')).statusCode).toBe(404);

    // A newer message brings the conversation back without what was deleted before it.
    const again = (await sendPhoto(senderClient, recipient.id)).json().message;
    expect((await senderClient.get(url)).statusCode).toBe(404);
    expect((await senderClient.get(again.photo.url)).statusCode).toBe(200);
  });

  it('serves no photo older than the site history limit lets anyone load (spec §9)', async () => {
    const [sender, recipient] = [await member({ paid_user: 1, credits: 1000 }), await member()];
    const senderClient = await loggedIn(sender);
    const { message } = (await sendPhoto(senderClient, recipient.id)).json();
    const url = message.photo.url as string;
    const limit = 30;
    await updateSiteSettings(t, {
      chat: { free_conversations: 2, history_limit: limit, messages_per_minute: 600 },
    });
    try {
      for (let i = 1; i < limit; i += 1) await sent(senderClient, recipient.id, `Text ${i}`);
      expect((await senderClient.get(url)).statusCode).toBe(200); // the 30th newest
      await sent(senderClient, recipient.id, 'One more');
      expect((await senderClient.get(url)).statusCode).toBe(404);
    } finally {
      await updateSiteSettings(t, {
        chat: { free_conversations: 2, history_limit: 1000, messages_per_minute: 30 },
      });
    }
  });

  it('refuses a file that is no image, and a photo the member cannot pay, storing and charging nothing', async () => {
    const sender = await member({ paid_user: 1, credits: 9 });
    const recipient = await member();
    const client = await loggedIn(sender);
    const notImage = await sendPhoto(
      client,
      recipient.id,
      newClientKey(),
      Buffer.from('not an image at all'),
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toEqual({ error: 'photo_unsupported_format' });
    const tooPoor = await sendPhoto(client, recipient.id);
    expect(tooPoor.statusCode).toBe(402);
    expect(tooPoor.json()).toEqual({ error: 'insufficient_credits' });
    expect(await messagesFrom(sender.id)).toEqual([]);
    expect(await creditsOf(sender.id)).toBe(9);
    const missingFields = await client.upload(
      '/api/chat-photo.php',
      multipartForm(
        { to: String(recipient.id) },
        { contents: jpegWithGps, fileName: 'photo.jpg', contentType: 'image/jpeg' },
      ),
    );
    expect(missingFields.statusCode).toBe(400);
    expect(missingFields.json()).toMatchObject({
      error: 'validation_failed',
      fields: { client_key: 'invalid_value' },
    });
  });
});

describe('photos picked together', () => {
  it('sends two photos in parallel, each charged once', async () => {
    const [sender, recipient] = [await member({ paid_user: 1 }), await member()];
    const client = await loggedIn(sender);
    const answers = await Promise.all([
      sendPhoto(client, recipient.id),
      sendPhoto(client, recipient.id),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await messagesFrom(sender.id)).toHaveLength(2);
    expect(await creditsOf(sender.id)).toBe(80);
  });
});

describe('gifts', () => {
  it('sends a gift from the catalogue for gift_credits', async () => {
    const [sender, recipient] = [await member({ paid_user: 1 }), await member()];
    const response = await (
      await loggedIn(sender)
    ).post('/api/chat-message.php', {
      kind: 'gift',
      to: recipient.id,
      client_key: newClientKey(),
      gift_id: 'rose',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: { kind: 'gift', gift_id: 'rose', text: null },
      credits: 85,
    });
    expect(
      await db()
        .selectFrom('credit_transactions')
        .select('reason')
        .where('member_id', '=', sender.id)
        .execute(),
    ).toEqual([{ reason: 'chat_gift' }]);
  });
});
