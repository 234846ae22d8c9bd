import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '@server/db/schema';
import { createMember } from '@server/test/factories';
import { multipartFile } from '@server/test/multipart';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

let t: TestApp;
let target: MemberRow;
let owner: TestClient;
const PASSWORD = 'correct horse battery';

async function clientFor(member: MemberRow) {
  const client = new TestClient(t.app);
  await client.post('/api/user.php', { email: member.email, password: PASSWORD });
  return client;
}

beforeAll(async () => {
  t = await createTestApp();
  target = await createMember(t.database.db, t.siteId, {
    name: 'Target',
    email: 'target@example.com',
    date_of_birth: '1990-06-15',
    hair_color: 'red',
    eye_color: 'green',
    body_type: 'athletic',
    relationship_status: 'single',
    sexuality: 'straight',
    region: 'NH',
    about: 'Hello there',
    paid_user: 1,
  });
  owner = await clientFor(target);
  for (const colour of ['#ff0000', '#00ff00', '#0000ff']) {
    const image = await sharp({
      create: { width: 300, height: 300, channels: 3, background: colour },
    })
      .jpeg()
      .toBuffer();
    await owner.upload('/api/photos.php', multipartFile(image, 'p.jpg', 'image/jpeg'));
  }
});
afterAll(() => t.close());

const view = (client: TestClient, id = target.id) => client.get(`/api/member.php?id=${id}`);
const PUBLIC_FIELDS = [
  'age',
  'attributes',
  'country',
  'fictional',
  'id',
  'interests',
  'main_image',
  'name',
  'notes',
  'photos',
  'region',
];

describe('GET /api/member.php: what each kind of viewer receives', () => {
  it('gives a visitor the public fields, the main photo and blurred locked others', async () => {
    const response = await view(new TestClient(t.app));
    const { profile } = response.json();
    expect(Object.keys(profile).sort()).toEqual(PUBLIC_FIELDS);
    expect(profile.attributes).toEqual({
      gender: 'female',
      hair_color: 'red',
      eye_color: 'green',
      body_type: 'athletic',
      relationship_status: 'single',
      region: 'NH',
    });
    expect(profile.notes).toEqual({ about: 'Hello there' });
    expect(profile.photos.map((photo: { locked: boolean }) => photo.locked)).toEqual([
      false,
      true,
      true,
    ]);
    expect(Object.keys(profile.photos[1]).sort()).toEqual(['id', 'locked', 'match', 'thumb']);
  });

  it('never hands a free member the address of a locked original', async () => {
    const free = await clientFor(await createMember(t.database.db, t.siteId));
    const body = (await view(free)).body;
    const own = (await owner.get('/api/profile.php')).json().profile.photos as Array<{
      full: string;
      match: string;
      thumb: string;
    }>;
    for (const photo of own.slice(1)) {
      const key = photo.full.split('/').pop()!.replace('-full.webp', '');
      expect(body).not.toContain(key);
    }
    expect(body).toContain(own[0]!.match);
  });

  it('unlocks every photo for a premium member', async () => {
    const premium = await clientFor(await createMember(t.database.db, t.siteId, { paid_user: 1 }));
    const { profile } = (await view(premium)).json();
    expect(
      profile.photos.every(
        (photo: { locked: boolean; full?: string }) => !photo.locked && photo.full,
      ),
    ).toBe(true);
    // A logged-in viewer also gets their own block and like state (issue 8: liked, liked_me).
    expect(Object.keys(profile).sort()).toEqual(
      [...PUBLIC_FIELDS, 'blocked_by_viewer', 'liked', 'liked_me'].sort(),
    );
  });

  it('never carries e-mail, birth date, settings or blocked lists to anyone', async () => {
    const premium = await clientFor(await createMember(t.database.db, t.siteId, { paid_user: 1 }));
    for (const client of [new TestClient(t.app), premium, owner]) {
      const body = (await view(client)).body;
      for (const secret of [
        'target@example.com',
        '1990-06-15',
        'is_invisible',
        'password',
        'language',
        'blocks',
      ]) {
        expect(body).not.toContain(secret);
      }
    }
  });

  it('answers 404 to a member the profile owner blocked, as if it did not exist', async () => {
    const blocked = await createMember(t.database.db, t.siteId);
    const blockedClient = await clientFor(blocked);
    expect((await owner.post('/api/block.php', { member_id: blocked.id })).json()).toEqual({
      ok: true,
    });
    const response = await view(blockedClient);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual((await view(blockedClient, 999_999)).json());
    // The blocker still sees the blocked member, to undo it.
    expect((await view(owner, blocked.id)).json().profile.blocked_by_viewer).toBe(true);
    expect(
      (await owner.get('/api/blocks.php')).json().blocked.map((b: { id: number }) => b.id),
    ).toContain(blocked.id);
    await owner.delete('/api/block.php', { member_id: blocked.id });
    expect((await view(blockedClient)).statusCode).toBe(200);
  });

  it('hides blocked members from suggestions both ways', async () => {
    const seeker = await createMember(t.database.db, t.siteId, {
      gender: 'male',
      seeking: 'female',
    });
    const seekerClient = await clientFor(seeker);
    const suggested = async () =>
      (await seekerClient.get('/api/signup-matches.php'))
        .json()
        .profiles.map((p: { id: number }) => p.id);
    const image = await sharp({
      create: { width: 100, height: 100, channels: 3, background: '#888' },
    })
      .jpeg()
      .toBuffer();
    const woman = await createMember(t.database.db, t.siteId, { gender: 'female' });
    const womanClient = await clientFor(woman);
    await womanClient.upload('/api/photos.php', multipartFile(image, 'p.jpg', 'image/jpeg'));
    expect(await suggested()).toContain(woman.id);
    await womanClient.post('/api/block.php', { member_id: seeker.id });
    expect(await suggested()).not.toContain(woman.id);
  });

  it('hides an invisible member from the lists', async () => {
    const featured = async () =>
      (await new TestClient(t.app).get('/api/featured.php'))
        .json()
        .profiles.map((p: { id: number }) => p.id);
    expect(await featured()).toContain(target.id);
    await owner.put('/api/invisible.php', { invisible: true });
    expect(await featured()).not.toContain(target.id);
    await owner.put('/api/invisible.php', { invisible: false });
  });
});

describe('PUT /api/profile.php', () => {
  const valid = {
    name: 'Target',
    gender: 'female',
    seeking: 'male',
    sexuality: 'straight',
    hair_color: 'blonde',
    eye_color: 'blue',
    body_type: 'slim',
    relationship_status: 'single',
    interests: [1, 2],
    country: 'DE',
    region: 'BY',
    about: 'Updated',
  };

  it('saves every attribute, the interests and the region', async () => {
    const response = await owner.put('/api/profile.php', valid);
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      hair_color: 'blonde',
      interests: [1, 2],
      country: 'DE',
      region: 'BY',
      about: 'Updated',
      age: expect.any(Number),
    });
  });

  it('shows another member the change at once, though their last view of the page was kept', async () => {
    // The page is written once per kept read of the member (member-page-json.ts); a save and
    // a photo deletion must reach the very next view, not one after the keeping ends.
    const premium = await clientFor(await createMember(t.database.db, t.siteId, { paid_user: 1 }));
    await owner.put('/api/profile.php', { ...valid, about: 'Before' });
    expect((await view(premium)).json().profile.notes.about).toBe('Before');
    expect((await view(premium)).json().profile.notes.about).toBe('Before');
    await owner.put('/api/profile.php', { ...valid, about: 'After', interests: [3] });
    const after = (await view(premium)).json().profile;
    expect(after.notes.about).toBe('After');
    const photos = (await owner.get('/api/profile.php')).json().profile.photos as { id: number }[];
    const last = photos.at(-1)!;
    expect((await owner.delete('/api/photos.php', { id: last.id })).statusCode).toBe(200);
    const shown = (await view(premium)).json().profile.photos as { id: number }[];
    expect(shown.map((photo) => photo.id)).not.toContain(last.id);
    expect(shown).toHaveLength(photos.length - 1);
  });

  it('refuses a name like the e-mail or starting with @, a foreign region and unknown options', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'target@example.com' }, 'name', 'name_is_email'],
      [{ name: '@target' }, 'name', 'name_starts_with_at'],
      [{ region: 'NH' }, 'region', 'invalid_value'],
      [{ interests: [9999] }, 'interests', 'invalid_value'],
      [{ country: 'JP' }, 'country', 'invalid_value'],
    ];
    for (const [change, field, code] of cases) {
      const response = await owner.put('/api/profile.php', { ...valid, ...change });
      expect(response.json(), code).toEqual({
        error: 'validation_failed',
        fields: { [field]: code },
      });
    }
    const unknownOption = await owner.put('/api/profile.php', { ...valid, hair_color: 'purple' });
    expect(unknownOption.json().fields).toHaveProperty('hair_color');
  });
});
