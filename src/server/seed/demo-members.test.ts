import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@server/features/auth';
import { localPhotoStorage } from '@server/storage/photo-storage';
import { type TestDatabase, createTestDatabase } from '@server/test/test-database';
import { ageFromDateOfBirth } from '@contract/members';
import { demoPhotoOptions } from './demo-avatar';
import { DEMO_LOGIN, seedDemoMembers } from './demo-members';

const folders: string[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.close()));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A fresh database (SQLite, or PostgreSQL with DATABASE_URL) with `count` demo members. */
async function seeded(count: number, withPhotos: boolean) {
  const test = await createTestDatabase();
  databases.push(test);
  const { db } = test.database;
  const mediaDir = await mkdtemp(join(tmpdir(), 'demo-media-'));
  folders.push(mediaDir);
  await seedDemoMembers(db, localPhotoStorage(mediaDir), {
    siteId: test.siteId,
    count,
    withPhotos,
  });
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

  // Issue 29 item 19: what a visitor saw of the demo data.
  it('gives every demo member of a site a name of their own', async () => {
    const { db } = await seeded(2000, false);
    const members = await db.selectFrom('members').select(['name', 'language']).execute();
    expect(new Set(members.map((member) => member.name)).size).toBe(2000);
    for (const { name } of members) expect(name).toMatch(/^\p{L}+ [A-Z]\.([A-Z]\.)?$/u);
  });

  it('puts demo members in regions of their own country, never overseas', async () => {
    const { db } = await seeded(600, false);
    const members = await db.selectFrom('members').select(['country', 'region']).execute();
    const homes: Record<string, string[]> = {
      FR: [
        'ARA',
        'BFC',
        'BRE',
        'CVL',
        'COR',
        'GES',
        'HDF',
        'IDF',
        'NOR',
        'NAQ',
        'OCC',
        'PDL',
        'PAC',
      ],
      US: [
        ...['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL'],
        ...['IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE'],
        ...['NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD'],
        ...['TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY'],
      ],
    };
    for (const country of ['FR', 'US']) {
      const regions = members.filter((member) => member.country === country);
      expect(regions.length, country).toBeGreaterThan(10);
      for (const { region } of regions) expect(homes[country], country).toContain(region);
    }
    for (const { country, region } of members) {
      if (country === 'NO') expect(['21', '22']).not.toContain(region);
    }
  });

  it('draws hair of the colour the profile states, grey only with the years', async () => {
    const { db } = await seeded(320, false);
    const members = await db
      .selectFrom('members')
      .select(['id', 'gender', 'hair_color', 'date_of_birth'])
      .execute();
    for (const member of members) {
      const options = demoPhotoOptions(
        { seed: member.id, gender: member.gender!, hairColor: member.hair_color },
        0,
      );
      expect(hairColourNamed(options.hairColor[0]!), member.hair_color!).toBe(member.hair_color);
      if (member.hair_color === 'grey')
        expect(ageFromDateOfBirth(member.date_of_birth)).toBeGreaterThanOrEqual(50);
    }
    // Every colour the profile form offers is drawn as a reader would name it.
    for (const colour of ['black', 'brown', 'blonde', 'red', 'grey', 'other']) {
      for (let seed = 1; seed <= 12; seed += 1) {
        const [drawn] = demoPhotoOptions(
          { seed, gender: 'female', hairColor: colour },
          0,
        ).hairColor;
        expect(hairColourNamed(drawn!), `${colour} ${drawn}`).toBe(colour);
      }
    }
  });
});

/** The name a reader gives a drawn hair colour (hex), from its hue, saturation and lightness. */
function hairColourNamed(hex: string): string {
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * lightness - 1));
  let hue = 0;
  if (chroma > 0) {
    if (max === r) hue = 60 * (((g - b) / chroma + 6) % 6);
    else if (max === g) hue = 60 * ((b - r) / chroma + 2);
    else hue = 60 * ((r - g) / chroma + 4);
  }
  if (saturation < 0.2 && lightness > 0.75) return 'grey';
  if (lightness < 0.15) return 'black';
  if (lightness > 0.7 && saturation > 0.5 && (hue < 15 || hue > 330)) return 'other';
  if (lightness >= 0.6 && hue >= 30 && hue <= 55) return 'blonde';
  if (hue < 25 && saturation >= 0.5) return 'red';
  return 'brown';
}
