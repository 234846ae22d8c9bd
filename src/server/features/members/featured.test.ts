import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createPhoto } from '@server/test/factories';
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
      'activity',
      'age',
      'country',
      'fictional',
      'id',
      'main_image',
      'name',
      'region',
      'region_name',
    ]);
    expect(card.fictional).toBe(true);
    // Issue 32 item 5: it logged in just now, but a fictional profile's activity is an
    // operator's, so its card shows none.
    expect(card.activity).toBeNull();
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

// Issue 7 §4: the visitors' strip is kept per site, and a changed card reaches it at once.
describe('the visitors strip kept per site', () => {
  it('shows a renamed member and drops a deleted main photo at once', async () => {
    const member = await createMember(t.database.db, t.siteId, {
      last_active_at: new Date().toISOString(),
    });
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: member.email, password: 'correct horse battery' });
    const photo = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#0a0' },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await client.upload(
      '/api/photos.php',
      multipartFile(photo, 'me.jpg', 'image/jpeg'),
    );
    const cardOf = async () =>
      (await featured()).find((card: { id: number }) => card.id === member.id);
    expect((await cardOf())?.name).toBe(member.name);
    // Issue 32 item 5: active just now, as recorded: the card says so, as a step only.
    expect((await cardOf())?.activity).toBe('recent');

    const saved = await client.put('/api/profile.php', {
      name: 'Renamed Member',
      gender: 'female',
      seeking: 'male',
      sexuality: null,
      hair_color: null,
      eye_color: null,
      body_type: null,
      relationship_status: null,
      interests: [],
      country: 'NL',
      region: null,
      about: '',
    });
    expect(saved.statusCode).toBe(200);
    expect((await cardOf())?.name).toBe('Renamed Member');

    await client.delete('/api/photos.php', { id: uploaded.json().profile.photos[0].id });
    expect(await cardOf()).toBeUndefined();
  });
});

// spec §1: a member's strip is the site's without themselves and anyone blocked either way.
describe("a member's strip", () => {
  it('leaves out everyone blocked either way, however many', async () => {
    const others = [];
    for (let index = 0; index < 60; index += 1) {
      const row = await createMember(t.database.db, t.siteId, {
        last_active_at: new Date(Date.now() + (60 - index) * 1000).toISOString(),
      });
      await createPhoto(t.database.db, row.id);
      others.push(row);
    }
    const viewer = await createMember(t.database.db, t.siteId);
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: viewer.email, password: 'correct horse battery' });
    const ids = async () =>
      (await client.get('/api/featured.php'))
        .json<{ profiles: { id: number }[] }>()
        .profiles.map((card) => card.id);
    // The strip's twelve and the hero's six (issue 32 item 7).
    expect(await ids()).toEqual(others.slice(0, 18).map((row) => row.id));
    // 45 blocks, both ways, among the 48 newest: more than the kept list can spare.
    for (const [index, row] of others.slice(0, 45).entries()) {
      const [blocker_id, blocked_id] = index % 2 ? [viewer.id, row.id] : [row.id, viewer.id];
      await t.database.db
        .insertInto('blocks')
        .values({ blocker_id, blocked_id, created_at: new Date().toISOString() })
        .execute();
    }
    // The strip's twelve come from beyond the blocked members.
    expect((await ids()).slice(0, 12)).toEqual(others.slice(45, 57).map((row) => row.id));
  });
});
