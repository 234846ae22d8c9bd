import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { findSiteByHost } from '@server/features/sites';

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

// Issue 30 item 6: the company info and the interests are not built from the site's row, so
// they are read per request: an edit of their rows shows on the next request, no restart.
describe('companyinfo.php and interests.php after an edit of their rows', () => {
  it('answers the changed company on the next request', async () => {
    const before = (await get('/api/companyinfo.php')).json().company;
    const { companyId } = (await findSiteByHost(t.database.db, 'localhost'))!;
    await t.database.db
      .updateTable('companies')
      .set({ name: `${before.name} Renamed`, support_phone: '+31 20-765 4321' })
      .where('id', '=', companyId)
      .execute();
    const after = (await get('/api/companyinfo.php')).json().company;
    expect(after.name).toBe(`${before.name} Renamed`);
    expect(after.support_phone).toBe('+31207654321');
  });

  it('answers an added interest on the next request', async () => {
    const before = (await get('/api/interests.php')).json().interests as { key: string }[];
    await t.database.db
      .insertInto('interests')
      .values({ key: 'birdwatching', position: before.length + 1 })
      .execute();
    const after = (await get('/api/interests.php')).json().interests as { key: string }[];
    expect(after.map((interest) => interest.key)).toEqual([
      ...before.map((interest) => interest.key),
      'birdwatching',
    ]);
  });
});
