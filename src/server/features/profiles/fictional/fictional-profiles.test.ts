import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatWorld } from '@server/test/chat-test-world';
import { createMember } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { multipartFile } from '@server/test/multipart';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import type { TestClient } from '@server/test/test-client';

// Issue 30 item 4 (spec §1, §3, §9): owners and admins create, edit, pause and retire
// fictional profiles; photos go through the members' pipeline; the label never goes off;
// every change is audited in its own transaction.
let t: TestApp;
let owner: TestClient;
const db = () => t.database.db;
const chat = chatWorld(() => t);
beforeAll(async () => {
  t = await createTestApp();
  owner = await staffClient(t, await createTestStaff(t, 'owner'));
});
afterAll(() => t.close());

const FORM = {
  name: 'Sanne',
  gender: 'female',
  seeking: 'male',
  sexuality: 'straight',
  hair_color: 'blonde',
  eye_color: 'blue',
  body_type: 'slim',
  relationship_status: 'single',
  interests: [],
  country: 'NL',
  region: 'NH',
  about: 'Loves sailing on the IJsselmeer.',
  birth_date: '1990-04-02',
  language: 'nl',
  auto_like: true,
} as const;

const create = async (form: Record<string, unknown> = FORM) =>
  owner.post('/api/admin/fictional-profiles.php', form);
const auditOf = (id: number) =>
  db()
    .selectFrom('staff_audit')
    .select(['action', 'before_json', 'after_json'])
    .where('subject', '=', `member:${id}`)
    .orderBy('id')
    .execute();
const jpeg = () =>
  sharp({ create: { width: 400, height: 500, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();

describe('fictional profiles in the console (issue 30 item 4)', () => {
  it('creates a labelled profile with a photo through the members’ pipeline, seen by members', async () => {
    const created = await create();
    expect(created.statusCode).toBe(200);
    const { profile } = created.json();
    expect(profile).toMatchObject({
      name: 'Sanne',
      language: 'nl',
      state: 'active',
      age: expect.any(Number),
    });
    const upload = await owner.upload(
      `/api/admin/fictional-photo.php?profile=${profile.id}`,
      multipartFile(await jpeg(), 'sanne.jpg', 'image/jpeg'),
    );
    expect(upload.statusCode).toBe(200);
    const [photo] = upload.json().profile.photos;
    // Re-encoded to webp and active at once (the staff member chose it).
    expect(photo).toMatchObject({
      status: 'active',
      thumb: expect.stringMatching(/-thumb\.webp$/),
    });

    const row = await db()
      .selectFrom('members')
      .selectAll()
      .where('id', '=', profile.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_fictional: 1, password_hash: null, last_active_at: null });

    const viewer = await createMember(db(), t.siteId, { gender: 'male', seeking: 'female' });
    const member = await loggedInClient(t.app, viewer);
    const page = await member.get(`/api/member.php?id=${profile.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().profile).toMatchObject({ fictional: true, name: 'Sanne' });
    expect(page.json().profile.main_image).not.toBeNull();

    expect((await auditOf(profile.id)).map((entry) => entry.action)).toEqual([
      'fictional.created',
      'fictional.photo_added',
    ]);
  });

  it('edits texts and attributes, and no field switches the label off', async () => {
    const { profile } = (await create()).json();
    const edited = await owner.put('/api/admin/fictional-profiles.php', {
      ...FORM,
      id: profile.id,
      about: 'Now into cycling.',
      hair_color: 'red',
      is_fictional: false,
      fictional: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().profile).toMatchObject({ about: 'Now into cycling.', hair_color: 'red' });
    const row = await db()
      .selectFrom('members')
      .select('is_fictional')
      .where('id', '=', profile.id)
      .executeTakeFirstOrThrow();
    expect(row.is_fictional).toBe(1);
    const [, change] = await auditOf(profile.id);
    expect(change!.action).toBe('fictional.changed');
    expect(JSON.parse(change!.before_json!)).toMatchObject({
      about: FORM.about,
      hair_color: 'blonde',
    });
    expect(JSON.parse(change!.after_json!)).toMatchObject({ about: 'Now into cycling.' });
  });

  it('refuses bad input with a clear code and writes nothing', async () => {
    const before = await db()
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [form, field] of [
      [{ ...FORM, country: 'ZZ' }, 'country'],
      [{ ...FORM, region: 'XX' }, 'region'],
      [{ ...FORM, birth_date: '2015-01-01' }, 'birth_date'],
      [{ ...FORM, interests: [999999] }, 'interests'],
    ] as const) {
      const answer = await create(form);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        error: 'validation_failed',
        fields: { [field]: expect.any(String) },
      });
    }
    const after = await db()
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('pauses (hidden from members and the inbox, conversation kept), resumes, and retires for good', async () => {
    const { profile } = (await create()).json();
    const viewer = await chat.member({ gender: 'male', seeking: 'female' });
    const member = await chat.loggedIn(viewer);
    const written = await chat.sent(member, profile.id, 'Hoi Sanne!');
    const inbox = async () =>
      (
        (await owner.get('/api/admin/inbox.php')).json().entries as Array<{ conversation: number }>
      ).map((entry) => entry.conversation);
    expect(await inbox()).toContain(written.conversation_id);
    const setState = (state: string) =>
      owner.put('/api/admin/fictional-profile-state.php', { id: profile.id, state });

    expect((await setState('paused')).json().profile.state).toBe('paused');
    expect((await member.get(`/api/member.php?id=${profile.id}`)).statusCode).toBe(404);
    expect(await inbox()).not.toContain(written.conversation_id);
    expect((await chat.messagesFrom(viewer.id)).map((message) => message.id)).toEqual([written.id]);
    expect((await setState('active')).json().profile.state).toBe('active');
    expect(await inbox()).toContain(written.conversation_id);
    expect((await member.get(`/api/member.php?id=${profile.id}`)).statusCode).toBe(200);

    expect((await setState('retired')).statusCode).toBe(200);
    expect((await member.get(`/api/member.php?id=${profile.id}`)).statusCode).toBe(404);
    const again = await setState('active');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: 'validation_failed',
      fields: { state: 'invalid_value' },
    });
    expect(
      (await owner.put('/api/admin/fictional-profiles.php', { ...FORM, id: profile.id }))
        .statusCode,
    ).toBe(400);
    expect((await auditOf(profile.id)).map((entry) => [entry.action, entry.after_json])).toEqual([
      ['fictional.created', expect.any(String)],
      ['fictional.state_changed', '{"state":"paused"}'],
      ['fictional.state_changed', '{"state":"active"}'],
      ['fictional.state_changed', '{"state":"retired"}'],
    ]);
  });

  it('lets the auto-like rule pick only profiles the console allows (spec §9)', async () => {
    // A site of its own would be cleaner; here every other fictional profile of the site is
    // taken off auto-like first, so the two made here are the only candidates.
    await db().updateTable('members').set({ auto_like: 0 }).where('is_fictional', '=', 1).execute();
    const allowed = (await create({ ...FORM, name: 'Allowed' })).json().profile;
    const refused = (await create({ ...FORM, name: 'Refused', auto_like: false })).json().profile;
    expect(refused.auto_like).toBe(false);
    await updateSiteSettings(t, {
      auto_like: { enabled: true, first_after_minutes: 0, every_minutes: 60, max_per_day: 3 },
    });
    const likers: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const viewer = await createMember(db(), t.siteId, { gender: 'male', seeking: 'female' });
      const member = await loggedInClient(t.app, viewer);
      const first = (await member.get('/api/auto-like.php')).json().profile;
      if (first) likers.push(first.id);
      // Within the interval nothing more comes, whichever profile is left.
      expect((await member.get('/api/auto-like.php')).json()).toEqual({ profile: null });
    }
    expect(likers).toEqual([allowed.id, allowed.id, allowed.id, allowed.id]);
  });

  it('lists the site’s fictional profiles only', async () => {
    const { profile } = (await create({ ...FORM, name: 'Listed' })).json();
    const list = await owner.get('/api/admin/fictional-profiles.php');
    expect(list.statusCode).toBe(200);
    const profiles = list.json().profiles as Array<{ id: number; name: string }>;
    expect(profiles.map((entry) => entry.id)).toContain(profile.id);
    const real = await db()
      .selectFrom('members')
      .select('id')
      .where('is_fictional', '=', 0)
      .execute();
    const realIds = new Set(real.map((row) => row.id));
    expect(profiles.filter((entry) => realIds.has(entry.id))).toEqual([]);
    // A real member is not a fictional profile to edit.
    const [someone] = real;
    expect((await owner.get(`/api/admin/fictional-profile.php?id=${someone!.id}`)).statusCode).toBe(
      404,
    );
  });
});
