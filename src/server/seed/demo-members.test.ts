import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { verifyPassword } from '@server/features/auth';
import { localPhotoStorage } from '@server/storage/photo-storage';
import { demoPhotoOptions } from './demo-avatar';
import { DEMO_LOGIN, seedDemoMembers } from './demo-members';
import { seedDemoSite } from './demo-site';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

async function seeded(count: number, withPhotos: boolean) {
  const { db } = openDatabase({ sqlitePath: ':memory:' });
  await migrateToLatest(db);
  const { siteId } = await seedDemoSite(db);
  const mediaDir = await mkdtemp(join(tmpdir(), 'demo-media-'));
  folders.push(mediaDir);
  await seedDemoMembers(db, localPhotoStorage(mediaDir), { siteId, count, withPhotos });
  return { db, mediaDir };
}

describe('demo members', () => {
  it('are varied, deterministic, with 1 to 4 stored photos each', async () => {
    const { db, mediaDir } = await seeded(24, true);
    const members = await db.selectFrom('members').selectAll().orderBy('id').execute();
    expect(members).toHaveLength(24);
    expect(new Set(members.map((m) => m.gender))).toEqual(new Set(['female', 'male']));
    expect(new Set(members.map((m) => m.country)).size).toBeGreaterThan(5);
    const photos = await db.selectFrom('photos').selectAll().execute();
    for (const member of members) {
      const own = photos.filter((photo) => photo.member_id === member.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(member.paid_user === 1 ? 4 : 3);
    }
    const stored = (await readdir(mediaDir, { recursive: true })).filter((name) =>
      name.endsWith('.webp'),
    );
    expect(stored).toHaveLength(photos.length * 5);

    const again = await seeded(24, false);
    const repeat = await again.db
      .selectFrom('members')
      .select(['name', 'date_of_birth', 'country', 'about'])
      .orderBy('id')
      .execute();
    expect(repeat).toEqual(
      members.map(({ name, date_of_birth, country, about }) => ({
        name,
        date_of_birth,
        country,
        about,
      })),
    );
  });

  it('include a few fictional profiles and a demo login with a real password', async () => {
    const { db } = await seeded(320, false);
    const fictional = await db
      .selectFrom('members')
      .select('id')
      .where('is_fictional', '=', 1)
      .execute();
    expect(fictional).toHaveLength(6);
    const demo = await db
      .selectFrom('members')
      .selectAll()
      .where('email', '=', DEMO_LOGIN.email)
      .executeTakeFirstOrThrow();
    expect(demo.is_fictional).toBe(0);
    expect(await verifyPassword(demo.password_hash!, DEMO_LOGIN.password)).toBe(true);
  });

  // issue 25 item 8: one profile's photos showed three different faces.
  it('draw every photo of one member as the same person, varying only the picture', () => {
    const identity = (options: ReturnType<typeof demoPhotoOptions>) => ({
      seed: options.seed,
      top: options.top,
      skin: options.skinColor,
      hair: options.hairColor,
      beard: options.facialHair,
      glasses: options.accessories,
    });
    for (const gender of ['female', 'male']) {
      const person = { seed: 4711, gender, hairColor: 'blonde' };
      const photos = [0, 1, 2, 3].map((position) => demoPhotoOptions(person, position));
      for (const photo of photos) expect(identity(photo)).toEqual(identity(photos[0]!));
      // …in four different pictures: background and framing differ from one to the next.
      const pictures = photos.map((photo) =>
        JSON.stringify([photo.backgroundColor, photo.flip, photo.scale, photo.rotate]),
      );
      expect(new Set(pictures).size).toBe(4);
      expect(demoPhotoOptions(person, 2)).toEqual(photos[2]);
    }
    // Members differ from each other.
    const faces = Array.from({ length: 12 }, (_, index) =>
      JSON.stringify(
        identity(
          demoPhotoOptions({ seed: 100 + index * 10, gender: 'female', hairColor: 'brown' }, 0),
        ),
      ),
    );
    expect(new Set(faces).size).toBeGreaterThan(8);
  });
});
