import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { type TestApp, createTestApp } from '@server/test/test-app';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  // A stand-in build of the web app, so this test does not depend on `vite build`.
  distDir = await mkdtemp(join(tmpdir(), 'dist-'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

const statusOf = async (url: string) =>
  (await t.app.inject({ url, headers: { host: 'localhost' } })).statusCode;

// Issue 7 §5.5: the app's 404 page with status 200 is a soft 404 that search engines index.
describe('the web app status per path', () => {
  it('answers 200 for the routes the web app has a page for', async () => {
    const shown = await createMember(t.database.db, t.siteId);
    for (const url of [
      '/',
      '/members',
      `/members/${shown.id}`,
      '/likes/liked-by',
      '/swipe-game',
      '/profile',
      '/pages/faq',
      '/reset-password/do?x=1',
      '/chats',
      '/chats/3',
      `/members/${shown.id}/chat`,
      '/premium',
      '/credits',
      '/landers/video',
      '/landers/gallery/women',
      '/landers/maplanding/no-such-variant',
      '/landers/tinderswipe',
    ]) {
      expect(await statusOf(url), url).toBe(200);
    }
  });

  // spec §2: tinderswipe takes no slug; unknown landers are no page (issue 25 item 1).
  it('answers 404 for unknown landers and for tinderswipe with a slug', async () => {
    for (const url of [
      '/landers/tinderswipe/women',
      '/landers/nosuchlander',
      '/landers/gallery/a/b',
    ]) {
      expect(await statusOf(url), url).toBe(404);
    }
  });

  // Issue 29 item 17: every unknown value answers 404, not the 404 page with status 200.
  it('answers 404 for a parameter value its page cannot show', async () => {
    for (const url of [
      '/likes/received',
      '/credits/1/ideal',
      '/credits/starter/bitcoin',
      '/transactions/1',
      '/transactions/abc',
      '/members/abc',
      '/chats/abc',
      '/likes/m/x',
    ]) {
      expect(await statusOf(url), url).toBe(404);
    }
    for (const url of ['/credits/starter', '/credits/popular/ideal', '/transactions']) {
      expect(await statusOf(url), url).toBe(200);
    }
  });

  it('answers 200 for a payment page only to the member who paid', async () => {
    const payer = await createMember(t.database.db, t.siteId);
    const other = await createMember(t.database.db, t.siteId);
    const now = new Date().toISOString();
    const { id } = await t.database.db
      .insertInto('payments')
      .values({
        site_id: t.siteId,
        member_id: payer.id,
        bundle_id: 'popular',
        credits: 250,
        currency: 'EUR',
        list_price_cents: 2995,
        discount_cents: 0,
        amount_cents: 2995,
        vat_percent: 21,
        method: 'ideal',
        provider: 'demo',
        status: 'open',
        order_key: `page-status-${now}`,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/transactions/${id}`;
    expect((await (await loggedInClient(t.app, payer)).get(url)).statusCode).toBe(200);
    expect((await (await loggedInClient(t.app, other)).get(url)).statusCode).toBe(404);
    expect(await statusOf(url)).toBe(404);
  });

  it('answers 200 for a member page only where the viewer may see that member', async () => {
    const viewer = await createMember(t.database.db, t.siteId);
    const seen = await createMember(t.database.db, t.siteId);
    const invisible = await createMember(t.database.db, t.siteId, { is_invisible: 1 });
    const client = await loggedInClient(t.app, viewer);
    for (const path of ['', '/chat']) {
      expect((await client.get(`/members/${seen.id}${path}`)).statusCode).toBe(200);
      expect((await client.get(`/members/${viewer.id}${path}`)).statusCode).toBe(200);
      expect((await client.get(`/members/${invisible.id}${path}`)).statusCode).toBe(404);
      expect((await client.get(`/members/999999${path}`)).statusCode).toBe(404);
    }
  });

  it('answers 200 for a conversation page only to its two members', async () => {
    const [first, second, third] = await Promise.all(
      [100, 0, 0].map((credits) => createMember(t.database.db, t.siteId, { credits })),
    );
    const sender = await loggedInClient(t.app, first!);
    const sent = await sender.post('/api/chat-message.php', {
      to: second!.id,
      client_key: 'page-check-0000001',
      kind: 'text',
      text: 'Hello',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const conversationId = (sent.json() as { message: { conversation_id: number } }).message
      .conversation_id;
    const url = `/chats/${conversationId}`;
    expect((await sender.get(url)).statusCode).toBe(200);
    expect((await (await loggedInClient(t.app, second!)).get(url)).statusCode).toBe(200);
    expect((await (await loggedInClient(t.app, third!)).get(url)).statusCode).toBe(404);
    expect((await sender.get('/chats/999999')).statusCode).toBe(404);
  });
});
