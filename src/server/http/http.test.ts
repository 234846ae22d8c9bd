import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';

let t: TestApp;
let distDir: string;
const host = { host: 'localhost' };

beforeAll(async () => {
  // A stand-in build of the web app, so these tests do not depend on `vite build`.
  distDir = await mkdtemp(join(tmpdir(), 'dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves index.html uncached for the spec routes', async () => {
    // A member page answers 200 only for a member the viewer may see (issue 29 item 17).
    const member = await createMember(t.database.db, t.siteId);
    for (const url of ['/', `/members/${member.id}`, '/pages/terms', '/signup']) {
      const response = await t.app.inject({ url, headers: host });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toContain('no-cache');
    }
  });

  it('answers the app with status 404 for unknown paths', async () => {
    const response = await t.app.inject({ url: '/no-such-page', headers: host });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('caches hashed assets immutably', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js', headers: host });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends security headers with a script policy without unsafe-inline', async () => {
    const response = await t.app.inject({ url: '/', headers: host });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('bad input', () => {
  it('answers JSON 404 for an unknown API path', async () => {
    const response = await t.app.inject({ url: '/api/nope.php', headers: host });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found' });
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/settings.php',
      headers: host,
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.json()).toEqual({ error: 'method_not_allowed' });
  });

  it('refuses an unknown or malformed host', async () => {
    for (const name of ['unknown.example', 'bad host!', 'localhost.evil']) {
      const response = await t.app.inject({ url: '/api/settings.php', headers: { host: name } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'site_not_found' });
    }
  });

  it('shrugs off a broken cookie header', async () => {
    const response = await t.app.inject({
      url: '/api/settings.php',
      headers: { ...host, cookie: 'locale=%E0%A4%A; =; ;;; x' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('keeps serving after a storm of bad requests', async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/settings.php?x=${index}`,
          headers: host,
          payload: '{',
        }),
      ),
    );
    const response = await t.app.inject({ url: '/api/settings.php', headers: host });
    expect(response.statusCode).toBe(200);
  });
});
