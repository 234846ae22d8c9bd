import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSite } from '@server/test/another-site';
import { createMember, createPhoto } from '@server/test/factories';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { type TestApp, createTestApp } from '@server/test/test-app';
import type { TestClient } from '@server/test/test-client';

// Issue 30 item 5: member lookup by e-mail, name or id, on the request's site only, and the
// member card (e-mail and birth date for moderators; no payments, no addresses of any kind).
let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t, await createTestStaff(t, 'moderator', { sites: [t.siteId] }));
});
afterAll(() => t.close());

const lookUp = async (q: string) =>
  (
    (await staff.get(`/api/admin/members.php?q=${encodeURIComponent(q)}`)).json().members as Array<{
      id: number;
    }>
  ).map((row) => row.id);

describe('member lookup', () => {
  it('finds a member by id, by whole e-mail address in any case, and by the start of the name', async () => {
    const member = await createMember(t.database.db, t.siteId, { name: 'Zsófia_Lookup' });
    expect(await lookUp(String(member.id))).toEqual([member.id]);
    expect(await lookUp(member.email.toUpperCase())).toEqual([member.id]);
    expect(await lookUp('zsófia_l')).toEqual([member.id]);
    // LIKE's wildcards are taken as written.
    expect(await lookUp('Zs%')).toEqual([]);
    expect(await lookUp(member.email.slice(0, 5) + '@')).toEqual([]);
  });

  it('finds banned and unconfirmed members too, not members of another site', async () => {
    const banned = await createMember(t.database.db, t.siteId, {
      name: 'Quirinus Banned',
      status: 'banned',
    });
    const elsewhere = await createMember(t.database.db, await anotherSite(t), {
      name: 'Quirinus Elsewhere',
    });
    expect(await lookUp('Quirinus')).toEqual([banned.id]);
    expect(await lookUp(String(elsewhere.id))).toEqual([]);
    const card = await staff.get(`/api/admin/member.php?member=${elsewhere.id}`);
    expect(card.statusCode).toBe(404);
  });

  it('shows the member card with photos of every status and the open reports', async () => {
    const member = await createMember(t.database.db, t.siteId);
    await createPhoto(t.database.db, member.id);
    await createPhoto(t.database.db, member.id, { status: 'pending', position: 1 });
    const response = await staff.get(`/api/admin/member.php?member=${member.id}`);
    expect(response.json().member).toMatchObject({
      id: member.id,
      email: member.email,
      date_of_birth: member.date_of_birth,
      status: 'active',
      ban_reason: null,
      open_reports: 0,
    });
    expect(response.json().member.photos.map((photo: { status: string }) => photo.status)).toEqual([
      'active',
      'pending',
    ]);
    expect(response.body).not.toMatch(/password|credits|payment|"ip"/i);
  });
});
