import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { multipartFile } from '@server/test/multipart';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.database.db, t.siteId, { is_fictional: 1 });
  const client = new TestClient(t.app);
  await client.post('/api/user.php', { email: member.email, password: 'correct horse battery' });
  const photo = await sharp({
    create: { width: 200, height: 200, channels: 3, background: '#a0a' },
  })
    .jpeg()
    .toBuffer();
  await client.upload('/api/photos.php', multipartFile(photo, 'me.jpg', 'image/jpeg'));
});
afterAll(() => t.close());

const setSearchSettings = (patch: Record<string, boolean>) => updateSiteSettings(t, patch);
const featured = async (query = '') =>
  (await new TestClient(t.app).get(`/api/featured.php${query}`)).json().profiles;

describe('GET /api/featured.php (spec §6 logged-out search)', () => {
  it('shows visitors member cards with nothing private, fictional ones marked', async () => {
    const [card] = await featured();
    expect(Object.keys(card).sort()).toEqual([
      'age',
      'country',
      'fictional',
      'id',
      'main_image',
      'name',
      'region',
    ]);
    expect(card.fictional).toBe(true);
  });

  it('shows nobody when logged-out search is off, unless the traffic-source variant applies', async () => {
    await setSearchSettings({ logged_out_search: false, logged_out_search_trafficsource: false });
    expect(await featured()).toEqual([]);
    expect(await featured('?network=partner')).toEqual([]);
    await setSearchSettings({ logged_out_search: false, logged_out_search_trafficsource: true });
    expect(await featured()).toEqual([]);
    expect(await featured('?network=partner')).toHaveLength(1);
    await setSearchSettings({ logged_out_search: true, logged_out_search_trafficsource: false });
  });
});
