import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { multipartFile } from '@server/test/multipart';
import { TestClient } from '@server/test/test-client';
import { preferredEncoding } from './compression';
import { pageSecurityHeaders, resourceSecurityHeaders } from './security-headers';

let t: TestApp;
let distDir: string;
const script = 'console.log("the app");'.repeat(200);
const host = { host: 'localhost' };

beforeAll(async () => {
  // A stand-in build with the brotli and gzip copies `npm run build` writes.
  distDir = await mkdtemp(join(tmpdir(), 'dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(distDir, 'assets', 'index-abc123.js'), script);
  await writeFile(join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  await writeFile(join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  await writeFile(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('built files', () => {
  it('sends the precompressed copy the browser takes, tagged per encoding', async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.app.inject({ url, headers: { ...host, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload).toEqual(brotliCompressSync(script));

    const gzip = await t.app.inject({ url, headers: { ...host, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url, headers: host });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);

    const held = await t.app.inject({
      url,
      headers: { ...host, 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(held.statusCode).toBe(304);
  });

  it('sets no cookie on files that shared caches keep, and the CSRF cookie on pages', async () => {
    for (const url of ['/assets/index-abc123.js', '/favicon.svg']) {
      const response = await t.app.inject({ url, headers: host });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    const page = await t.app.inject({ url: '/members/5', headers: host });
    expect(String(page.headers['set-cookie'])).toMatch(/^csrf=/);
  });

  it('answers 404 for a file the build does not have', async () => {
    const response = await t.app.inject({ url: '/assets/index-gone.js', headers: host });
    expect(response.statusCode).toBe(404);
  });
});

describe('multipart bodies', () => {
  it('are read only by the photo uploads: elsewhere a clear 415, and nothing changes', async () => {
    const member = await createMember(t.database.db, t.siteId, { about: 'Unchanged' });
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: member.email, password: 'correct horse battery' });
    const form = multipartFile(Buffer.from('about=Changed'), 'a.txt', 'text/plain');
    const response = await client.request('PUT', '/api/profile.php', form.payload, form.headers);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: 'unsupported_media_type' });
    expect((await client.get('/api/profile.php')).json()).toMatchObject({
      profile: { about: 'Unchanged' },
    });
  });
});

describe('compression of API answers', () => {
  it('compresses a large answer for a browser that takes it, and a small one not', async () => {
    const member = await createMember(t.database.db, t.siteId, { about: 'Hello! '.repeat(150) });
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: member.email, password: 'correct horse battery' });
    const plain = await client.get('/api/profile.php');
    expect(plain.body.length).toBeGreaterThan(1024);
    const compressed = await client.request('GET', '/api/profile.php', undefined, {
      'accept-encoding': 'gzip',
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString())).toEqual(plain.json());

    const small = await client.request('GET', '/api/user.php', undefined, {
      'accept-encoding': 'gzip, br',
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('picks brotli, then gzip, never a refused encoding', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

describe('security headers', () => {
  it('sends the page headers, Permissions-Policy included, on pages', async () => {
    const expected = pageSecurityHeaders();
    expect(expected['permissions-policy']).toContain('camera=()');
    expect(expected['permissions-policy']).toContain('geolocation=(self)');
    expect(expected['content-security-policy']).toContain("script-src 'self'");
    for (const url of ['/', '/members/5', '/no-such-page']) {
      const response = await t.app.inject({ url, headers: host });
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers[name], `${url} ${name}`).toBe(value);
      }
    }
  });

  it('locks down every other answer: API answers, files, errors', async () => {
    const answers = await Promise.all(
      ['/api/user.php', '/api/nope.php', '/assets/index-abc123.js', '/favicon.svg'].map((url) =>
        t.app.inject({ url, headers: host }),
      ),
    );
    answers.push(
      await t.app.inject({ url: '/api/user.php', headers: { host: 'unknown.example' } }),
    );
    answers.push(await t.app.inject({ method: 'POST', url: '/api/user.php', headers: host }));
    for (const response of answers) {
      for (const [name, value] of Object.entries(resourceSecurityHeaders)) {
        expect(response.headers[name], `${response.statusCode} ${name}`).toBe(value);
      }
      expect(response.headers['permissions-policy']).toBeUndefined();
    }
  });
});
