import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'localhost', ...headers } });

/** The colour of the icon's top-left inner pixel, as #rrggbb. */
async function iconColour(png: Buffer): Promise<string> {
  const { data } = await sharp(png)
    .extract({ left: 40, top: 40, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return `#${[...data.subarray(0, 3)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

describe('the installed app, per site (issue 25 §5)', () => {
  it('serves a manifest with the site name, colours, standalone display and icons', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json();
    expect(manifest).toMatchObject({
      name: 'Amora',
      short_name: 'Amora',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#db2777',
      background_color: '#ffffff',
      lang: 'en',
    });
    // Chromium installs an app with a 192 px and a 512 px icon (and uses a maskable one).
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', type: 'image/png', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', type: 'image/png', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    for (const icon of manifest.icons) {
      const png = await get(icon.src);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const meta = await sharp(png.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
  });

  it('describes the site in the visitor language', async () => {
    const english = (await get('/manifest.webmanifest')).json();
    const dutch = (await get('/manifest.webmanifest', { cookie: 'locale=nl' })).json();
    expect(dutch.lang).toBe('nl');
    expect(dutch.description).not.toBe(english.description);
  });

  it('follows a change of the site colours at once, in the manifest and the icons', async () => {
    const before = await get('/app-icons/any/192.png');
    expect(await iconColour(before.rawPayload)).toBe('#db2777');
    await updateSiteSettings(t, { app_colors: { brand: '#2563eb', background: '#f8f9fa' } });
    const manifest = (await get('/manifest.webmanifest')).json();
    expect(manifest.theme_color).toBe('#2563eb');
    expect(manifest.background_color).toBe('#f8f9fa');
    const after = await get('/app-icons/any/192.png');
    expect(await iconColour(after.rawPayload)).toBe('#2563eb');
  });

  it('answers 304 to a browser that has the manifest already', async () => {
    const first = await get('/manifest.webmanifest');
    const etag = String(first.headers.etag);
    const again = await get('/manifest.webmanifest', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it.each(['/app-icons/any/100.png', '/app-icons/round/192.png', '/app-icons/any/192e1.png'])(
    'has no icon at %s',
    async (url) => {
      expect((await get(url)).statusCode).toBe(404);
    },
  );
});
