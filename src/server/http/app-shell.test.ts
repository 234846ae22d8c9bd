import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SHELL_PATH } from '@contract/installed-app';
import { INLINED_SETTINGS_ID } from '@contract/first-paint';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 29 item 1: the service worker keeps only this page as its offline shell. It is the
// app page of the site's public settings, the same for every visitor, and may be kept; every
// page a navigation answers stays no-store.

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  // A stand-in build of the web app, so this test does not depend on `vite build`.
  distDir = await mkdtemp(join(tmpdir(), 'dist-'));
  await writeFile(
    join(distDir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'localhost', ...headers } });

const localeOf = (html: string) =>
  new RegExp(`id="${INLINED_SETTINGS_ID}" data-locale="([a-z]+)"`).exec(html)?.[1];

describe('the offline shell of the service worker (issue 29 item 1)', () => {
  it('is the app page with the settings, a page the worker may keep and checks each time', async () => {
    const shell = await get(APP_SHELL_PATH);
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(String(shell.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(localeOf(shell.body)).toBe('en');

    const again = await get(APP_SHELL_PATH, { 'if-none-match': String(shell.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('is in the language of the locale cookie', async () => {
    expect(localeOf((await get(APP_SHELL_PATH, { cookie: 'locale=nl' })).body)).toBe('nl');
  });

  it('carries nothing of the member who asks', async () => {
    const member = await createMember(t.database.db, t.siteId, { name: 'Ingrid Halvorsen' });
    const browser = new TestClient(t.app);
    const login = await browser.post('/api/user.php', {
      email: member.email,
      password: 'correct horse battery',
    });
    expect(login.statusCode).toBe(200);
    const shell = await browser.get(APP_SHELL_PATH);
    expect(shell.body).toBe((await get(APP_SHELL_PATH)).body);
    expect(shell.body).not.toContain('Ingrid');
  });

  it('leaves every page a navigation answers no-store', async () => {
    expect((await get('/members')).headers['cache-control']).toContain('no-store');
  });
});
