import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite } from '@server/seed/demo-site';
import { createMember, createPhoto } from '@server/test/factories';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 25 item 2 (spec §2 members-id-landing, -landing2-slug, -landing3-slug, -signup): a
// visitor from an ad for one member sees that member; a member nobody may see is a 404, for
// the API and for the page's document alike ("Bad input"). Visitors see members only where
// the site lets them, as on member.php (spec §6, issue 29 item 6).
let t: TestApp;
let distDir: string;
const db = () => t.database.db;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  // A stand-in build of the web app, so the pages' status does not depend on `vite build`.
  distDir = await mkdtemp(join(tmpdir(), 'dist-'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

async function memberWithPhotos(photos = 3, columns = {}) {
  const member = await createMember(db(), t.siteId, {
    name: 'Lotte',
    date_of_birth: '1990-05-17',
    about: 'Walks by the sea.',
    is_fictional: 0,
    ...columns,
  });
  for (let position = 0; position < photos; position += 1)
    await createPhoto(db(), member.id, { position });
  return member;
}

const visitor = () => new TestClient(t.app);
const pagesOf = (id: number | string) => [
  `/members/${id}/landing`,
  `/members/${id}/landing2`,
  `/members/${id}/landing2/chat`,
  `/members/${id}/landing3/no-such-variant`,
  `/members/${id}/signup?t=3&network=ads`,
];

async function expectPages(client: TestClient, id: number | string, status: number) {
  for (const url of pagesOf(id)) {
    const response = await client.get(url);
    expect(response.statusCode, url).toBe(status);
    expect(response.headers['content-type'], url).toContain('text/html');
  }
}

async function logIn(email: string) {
  const client = new TestClient(t.app);
  expect((await client.post('/api/user.php', { email, password: PASSWORD })).statusCode).toBe(200);
  return client;
}

describe('GET /api/member-landing.php', () => {
  it('shows a visitor the member: card, text and only blurred other photos', async () => {
    const member = await memberWithPhotos(6, { is_fictional: 1 });
    const response = await visitor().get(`/api/member-landing.php?id=${member.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { profile } = response.json();
    expect(profile).toMatchObject({
      id: member.id,
      name: 'Lotte',
      country: 'NL',
      region: 'NH',
      fictional: true,
      about: 'Walks by the sea.',
      photo_count: 6,
    });
    expect(profile.age).toBeGreaterThanOrEqual(35);
    expect(profile.main_image.match).toMatch(/-match\.webp$/);
    // Four teasers, each the blurred variant: no address of another original leaves.
    const photos = await db()
      .selectFrom('photos')
      .select(['storage_key', 'blurred_storage_key'])
      .where('member_id', '=', member.id)
      .orderBy('position')
      .execute();
    expect(profile.teaser_photos).toEqual(
      photos
        .slice(1, 5)
        .map((photo) => expect.stringMatching(`/${photo.blurred_storage_key}-thumb\\.webp$`)),
    );
    const body = response.body;
    for (const photo of photos.slice(1)) expect(body).not.toContain(photo.storage_key);
    // Nothing private (spec §3, DESIGN.md §5).
    for (const secret of [member.email, member.date_of_birth, 'latitude', 'longitude'])
      expect(body).not.toContain(secret);
  });

  it('shows a member without a photo with none', async () => {
    const member = await memberWithPhotos(0);
    const { profile } = (await visitor().get(`/api/member-landing.php?id=${member.id}`)).json();
    expect(profile).toMatchObject({ main_image: null, photo_count: 0, teaser_photos: [] });
  });

  it('answers not_found, like a missing member, for anyone nobody may see', async () => {
    const invisible = await memberWithPhotos(1, { is_invisible: 1 });
    const unactivated = await memberWithPhotos(1, {
      status: 'not_confirmed',
      profile_status: 'disabled',
    });
    const { siteId: otherSite } = await seedDemoSite(db(), 'other-landing.example', []);
    const elsewhere = await createMember(db(), otherSite);
    const deleted = await memberWithPhotos(0);
    await db().deleteFrom('members').where('id', '=', deleted.id).execute();
    for (const id of [invisible.id, unactivated.id, elsewhere.id, deleted.id, 2_000_000_000]) {
      const response = await visitor().get(`/api/member-landing.php?id=${id}`);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
    for (const id of ['abc', '0', '-1', '1e3', '99999999999']) {
      const response = await visitor().get(`/api/member-landing.php?id=${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toBe('validation_failed');
    }
  });

  it('answers not_found to a member blocked either way', async () => {
    const target = await memberWithPhotos(1);
    const blockedByTarget = await createMember(db(), t.siteId);
    const blocker = await createMember(db(), t.siteId);
    const targetClient = await logIn(target.email);
    await targetClient.post('/api/block.php', { member_id: blockedByTarget.id });
    const blockerClient = await logIn(blocker.email);
    await blockerClient.post('/api/block.php', { member_id: target.id });
    for (const email of [blockedByTarget.email, blocker.email]) {
      const client = await logIn(email);
      expect((await client.get(`/api/member-landing.php?id=${target.id}`)).statusCode).toBe(404);
      await expectPages(client, target.id, 404);
    }
    // Others, and visitors, still see her.
    const other = await logIn((await createMember(db(), t.siteId)).email);
    expect((await other.get(`/api/member-landing.php?id=${target.id}`)).statusCode).toBe(200);
    await expectPages(other, target.id, 200);
  });
});

describe('the member landing pages', () => {
  it('answer 200 with the app for a member a visitor may see, any slug included', async () => {
    const member = await memberWithPhotos(1);
    await expectPages(visitor(), member.id, 200);
  });

  it("answer the app's 404 page with status 404 for members nobody may see", async () => {
    const invisible = await memberWithPhotos(1, { is_invisible: 1 });
    const unactivated = await memberWithPhotos(1, { profile_status: 'disabled' });
    const { siteId: otherSite } = await seedDemoSite(db(), 'other-pages.example', []);
    const elsewhere = await createMember(db(), otherSite);
    for (const id of [invisible.id, unactivated.id, elsewhere.id, 2_000_000_000, 'abc', '0'])
      await expectPages(visitor(), id, 404);
    // A member who turns invisible is gone from her landing pages at once.
    const member = await memberWithPhotos(1);
    await expectPages(visitor(), member.id, 200);
    await db()
      .updateTable('members')
      .set({ is_invisible: 1 })
      .where('id', '=', member.id)
      .execute();
    await expectPages(visitor(), member.id, 404);
  });

  it('have no fourth design and no path below the slug', async () => {
    const member = await memberWithPhotos(1);
    for (const url of [
      `/members/${member.id}/landing4`,
      `/members/${member.id}/landing/x`,
      `/members/${member.id}/landing2/a/b`,
      `/members/${member.id}/signup/x`,
    ])
      expect((await visitor().get(url)).statusCode, url).toBe(404);
  });
});

// Issue 29 item 6: where logged_out_search is off, member.php and search.php answered 403 but
// a landing page gave a visitor name, age, region, text and photos of any member, by id.
describe('where the site does not let visitors see members', () => {
  it('answers visitors 403 as member.php does, members and traffic-source visitors the member', async () => {
    const member = await memberWithPhotos(2);
    await updateSiteSettings(t, {
      logged_out_search: false,
      logged_out_search_trafficsource: false,
    });
    for (const path of ['/api/member-landing.php', '/api/member.php', '/api/search.php']) {
      const response = await visitor().get(`${path}?id=${member.id}`);
      expect(response.statusCode, path).toBe(403);
      expect(response.json(), path).toEqual({ error: 'authentication_required' });
      expect(response.body, path).not.toContain('Lotte');
    }
    const other = await logIn((await createMember(db(), t.siteId)).email);
    expect((await other.get(`/api/member-landing.php?id=${member.id}`)).statusCode).toBe(200);

    await updateSiteSettings(t, { logged_out_search_trafficsource: true });
    const fromAd = `/api/member-landing.php?id=${member.id}&network=adnet`;
    expect((await visitor().get(fromAd)).statusCode).toBe(200);
    expect((await visitor().get(`/api/member-landing.php?id=${member.id}`)).statusCode).toBe(403);
    await updateSiteSettings(t, { logged_out_search: true });
  });

  it('answer the page alike for any id, so its status tells no visitor who exists', async () => {
    await updateSiteSettings(t, {
      logged_out_search: false,
      logged_out_search_trafficsource: false,
    });
    const member = await memberWithPhotos(1);
    await expectPages(visitor(), member.id, 200);
    await expectPages(visitor(), 2_000_000_000, 200);
    await updateSiteSettings(t, { logged_out_search: true });
  });
});
