import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createPhoto } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { type TestApp, createTestApp } from '@server/test/test-app';
import type { TestClient } from '@server/test/test-client';
import { anotherSite } from '@server/test/another-site';

// Issue 30 item 5: the photo queue. Pending photos of the site, oldest first; approved, a
// photo is active for the member and for others; rejected, the member reads the reason code
// on their own profile (translated in the web app). Every decision is audited.
let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t, await createTestStaff(t, 'moderator', { sites: [t.siteId] }));
});
afterAll(() => t.close());

async function memberWithPendingPhoto() {
  const member = await createMember(t.database.db, t.siteId);
  const active = await createPhoto(t.database.db, member.id);
  const pending = await createPhoto(t.database.db, member.id, { status: 'pending', position: 1 });
  return { member, active, pending };
}

const queueIds = async () =>
  ((await staff.get('/api/admin/photos.php')).json().photos as Array<{ id: number }>).map(
    (photo) => photo.id,
  );

describe('the photo queue', () => {
  it('lists the site’s pending photos oldest first, with their member', async () => {
    const first = await memberWithPendingPhoto();
    const second = await memberWithPendingPhoto();
    const response = await staff.get('/api/admin/photos.php');
    const { photos, total } = response.json();
    const ids = (photos as Array<{ id: number }>).map((photo) => photo.id);
    expect(ids.indexOf(first.pending.id)).toBeLessThan(ids.indexOf(second.pending.id));
    expect(ids).not.toContain(first.active.id);
    expect(total).toBe(ids.length);
    expect(photos.find((photo: { id: number }) => photo.id === first.pending.id)).toMatchObject({
      member: { id: first.member.id, name: first.member.name },
    });
  });

  it('approves a photo: active for the member and for others, gone from the queue', async () => {
    const { member, pending } = await memberWithPendingPhoto();
    const viewer = await createMember(t.database.db, t.siteId, { paid_user: 1 });
    const asViewer = await loggedInClient(t.app, viewer);
    const photosSeen = async () =>
      (await asViewer.get(`/api/member.php?id=${member.id}`)).json().profile.photos.length;
    expect(await photosSeen()).toBe(1);
    const response = await staff.post('/api/admin/photo-decision.php', {
      photo: pending.id,
      decision: 'approve',
    });
    expect(response.json()).toEqual({ photo: { id: pending.id, status: 'active' } });
    expect(await photosSeen()).toBe(2);
    const own = (await (await loggedInClient(t.app, member)).get('/api/profile.php')).json();
    expect(own.profile.photos.map((photo: { status: string }) => photo.status)).toEqual([
      'active',
      'active',
    ]);
    expect(await queueIds()).not.toContain(pending.id);
  });

  it('rejects a photo with a reason the member reads on their own profile', async () => {
    const { member, pending } = await memberWithPendingPhoto();
    const response = await staff.post('/api/admin/photo-decision.php', {
      photo: pending.id,
      decision: 'reject',
      reason: 'contact_details',
    });
    expect(response.json().photo.status).toBe('rejected');
    const { profile } = (
      await (await loggedInClient(t.app, member)).get('/api/profile.php')
    ).json();
    expect(profile.photos.map((photo: { id: number }) => photo.id)).not.toContain(pending.id);
    expect(profile.rejected_photos).toEqual([
      {
        id: pending.id,
        thumb: expect.stringContaining(pending.storage_key),
        reason: 'contact_details',
      },
    ]);
  });

  it('refuses a reason outside the list and a second decision, changing nothing', async () => {
    const { pending } = await memberWithPendingPhoto();
    const unknown = await staff.post('/api/admin/photo-decision.php', {
      photo: pending.id,
      decision: 'reject',
      reason: 'ugly',
    });
    expect(unknown.json().error).toBe('validation_failed');
    expect(await queueIds()).toContain(pending.id);
    await staff.post('/api/admin/photo-decision.php', { photo: pending.id, decision: 'approve' });
    const again = await staff.post('/api/admin/photo-decision.php', {
      photo: pending.id,
      decision: 'reject',
      reason: 'nudity',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'photo_already_decided' });
  });

  it('lets one of two moderators deciding the same photo at once win', async () => {
    const { pending } = await memberWithPendingPhoto();
    const other = await staffClient(t, await createTestStaff(t, 'moderator'));
    const answers = await Promise.all([
      staff.post('/api/admin/photo-decision.php', { photo: pending.id, decision: 'approve' }),
      other.post('/api/admin/photo-decision.php', {
        photo: pending.id,
        decision: 'reject',
        reason: 'nudity',
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select('action')
      .where('subject', '=', `photo:${pending.id}`)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('writes each decision to the audit log with the staff member and the reason', async () => {
    const { pending } = await memberWithPendingPhoto();
    await staff.post('/api/admin/photo-decision.php', {
      photo: pending.id,
      decision: 'reject',
      reason: 'nudity',
    });
    const entry = await t.database.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('subject', '=', `photo:${pending.id}`)
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('photo.rejected');
    expect(JSON.parse(entry.after_json!)).toEqual({ status: 'rejected', reason: 'nudity' });
  });

  it('does not show or decide a photo of another site’s member', async () => {
    const otherSiteId = await anotherSite(t);
    const member = await createMember(t.database.db, otherSiteId);
    const pending = await createPhoto(t.database.db, member.id, { status: 'pending' });
    expect(await queueIds()).not.toContain(pending.id);
    const response = await staff.post('/api/admin/photo-decision.php', {
      photo: pending.id,
      decision: 'approve',
    });
    expect(response.statusCode).toBe(404);
  });
});
