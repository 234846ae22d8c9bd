import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { multipartFile } from '@server/test/multipart';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';

async function loggedIn(options: { paid?: boolean } = {}) {
  const member = await createMember(t.database.db, t.siteId, { paid_user: options.paid ? 1 : 0 });
  const client = new TestClient(t.app);
  await client.post('/api/user.php', { email: member.email, password: PASSWORD });
  return { member, client };
}

const jpegWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
    .withExif({
      IFD0: { Model: 'Phone X' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1' },
    })
    .jpeg()
    .toBuffer();
const upload = async (
  client: TestClient,
  contents?: Buffer,
  name = 'me.jpg',
  type = 'image/jpeg',
) => client.upload('/api/photos.php', multipartFile(contents ?? (await jpegWithGps()), name, type));
const storedFiles = async () =>
  (await readdir(t.config.MEDIA_DIR, { recursive: true })).filter((file) => file.endsWith('.webp'));

describe('photo uploads', () => {
  it('stores a photo without any metadata and makes it the main image of the user record', async () => {
    const { client } = await loggedIn();
    const response = await upload(client);
    expect(response.statusCode).toBe(200);
    const [photo] = response.json().profile.photos;
    expect(photo).toMatchObject({ status: 'active', position: 0 });
    expect(photo.full).toMatch(/^\/media\/[\w-]{2}\/[\w-]{24}-full\.webp$/);

    const served = await client.get(photo.full);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const file = await readFile(join(t.config.MEDIA_DIR, photo.full.replace('/media/', '')));
    const metadata = await sharp(file).metadata();
    expect([metadata.exif, metadata.xmp, metadata.iptc]).toEqual([undefined, undefined, undefined]);
    expect(file.includes(Buffer.from('Phone X'))).toBe(false);

    const { user } = (await client.get('/api/user.php')).json();
    expect(user.profile.main_image).toEqual({
      filename: photo.full,
      thumb_filename: photo.thumb,
      match: photo.match,
      status: 'active',
    });
  });

  it('refuses a fourth photo for a free member and stores nothing, allows it for premium', async () => {
    const { client } = await loggedIn();
    for (let i = 0; i < 3; i++) expect((await upload(client)).statusCode).toBe(200);
    const before = await storedFiles();
    const fourth = await upload(client);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error).toBe('photo_limit_reached');
    expect(await storedFiles()).toEqual(before);

    const premium = await loggedIn({ paid: true });
    for (let i = 0; i < 4; i++) expect((await upload(premium.client)).statusCode).toBe(200);
  });

  it('refuses bad files with a clear code and stores nothing', async () => {
    const { client } = await loggedIn();
    const before = await storedFiles();
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const cases: Array<[Buffer, string, string, string]> = [
      [Buffer.from('not an image at all'), 'photo.jpg', 'image/jpeg', 'photo_unsupported_format'],
      [(await jpegWithGps()).subarray(0, 500), 'broken.jpg', 'image/jpeg', 'photo_corrupt'],
      [bomb, 'bomb.png', 'image/png', 'photo_too_many_pixels'],
      [svg, 'evil.svg', 'image/svg+xml', 'photo_unsupported_format'],
    ];
    for (const [contents, name, type, code] of cases) {
      const response = await upload(client, contents, name, type);
      expect(response.json(), code).toEqual({ error: code });
    }
    const huge = await upload(client, Buffer.alloc(30 * 1024 * 1024, 1), 'huge.jpg');
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'photo_too_large' });
    expect(await storedFiles()).toEqual(before);
    expect((await client.get('/api/profile.php')).json().profile.photos).toEqual([]);
  });

  it('reorders photos (the first is the main photo) and deletes one with its files', async () => {
    const { client } = await loggedIn({ paid: true });
    await upload(client);
    await upload(client);
    const photos = (await upload(client)).json().profile.photos as Array<{
      id: number;
      full: string;
    }>;
    const reordered = await client.put('/api/photos.php', {
      order: [photos[2]!.id, photos[0]!.id, photos[1]!.id],
    });
    expect(reordered.json().profile.photos.map((p: { id: number }) => p.id)).toEqual([
      photos[2]!.id,
      photos[0]!.id,
      photos[1]!.id,
    ]);
    expect((await client.get('/api/user.php')).json().user.profile.main_image.filename).toBe(
      photos[2]!.full,
    );
    expect((await client.put('/api/photos.php', { order: [photos[0]!.id] })).statusCode).toBe(400);

    const removed = await client.delete('/api/photos.php', { id: photos[2]!.id });
    expect(removed.json().profile.photos).toHaveLength(2);
    expect((await client.get(photos[2]!.full)).statusCode).toBe(404);
    const other = await loggedIn();
    expect((await other.client.delete('/api/photos.php', { id: photos[0]!.id })).statusCode).toBe(
      404,
    );
  });

  it('keeps photos pending when the site moderates them: the owner sees them, others do not', async () => {
    await updateSiteSettings(t, { photo_moderation: true });
    try {
      const { member, client } = await loggedIn();
      const photo = (await upload(client)).json().profile.photos[0];
      expect(photo.status).toBe('pending');
      expect((await client.get('/api/user.php')).json().user.profile.main_image.status).toBe(
        'pending',
      );
      const viewer = await loggedIn({ paid: true });
      const seen = (await viewer.client.get(`/api/member.php?id=${member.id}`)).json().profile;
      expect(seen.photos).toEqual([]);
      expect(seen.main_image).toBeNull();
    } finally {
      await updateSiteSettings(t, { photo_moderation: false });
    }
  });
});
