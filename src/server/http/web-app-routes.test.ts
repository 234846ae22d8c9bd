import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    for (const url of [
      '/',
      '/members',
      '/members/5',
      '/likes/liked-by',
      '/swipe-game',
      '/profile',
      '/pages/faq',
      '/reset-password/do?x=1',
      '/chats',
      '/chats/3',
      '/members/5/chat',
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
});
