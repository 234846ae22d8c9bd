import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'localhost', ...headers } });

// Issue 7 §4: settings.php is the same for every visitor of a site, served from a per-site
// cache that a settings change drops, with an ETag.
describe('GET /api/settings.php from the per-site cache', () => {
  it('tags the answer and answers 304 to a client that holds it', async () => {
    const first = await get('/api/settings.php');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get('/api/settings.php')).headers.etag).toBe(etag);
    const again = await get('/api/settings.php', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps one answer per language', async () => {
    const en = await get('/api/settings.php', { cookie: 'locale=en' });
    const nl = await get('/api/settings.php', { cookie: 'locale=nl' });
    expect(en.headers.etag).not.toBe(nl.headers.etag);
    expect(nl.json().settings.fictional_singular).toBe('fictief profiel');
    expect((await get('/api/settings.php', { cookie: 'locale=en' })).body).toBe(en.body);
  });

  it('answers the changed settings, with a new tag, once the settings change', async () => {
    const before = await get('/api/settings.php');
    await updateSiteSettings(t, { name: 'Renamed Amora' });
    const after = await get('/api/settings.php', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json().settings.name).toBe('Renamed Amora');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('sends the kept brotli form to a browser that takes it', async () => {
    const plain = await get('/api/regions.php');
    const compressed = await get('/api/regions.php', { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });
});
