import { formatISO, subDays, subMinutes, subYears } from 'date-fns';
import type { Db } from '@server/db/database';
import { insertMembers } from '@server/db/members-table';
import type { NewMember } from '@server/db/schema';
import { hashPassword } from '@server/features/auth';
import { processPhoto, storeProcessedPhoto } from '@server/features/photos';
import type { PhotoStorage } from '@server/storage/photo-storage';
import { PROFILE_OPTIONS } from '@contract/profile-options';
import { renderDemoPhoto } from './demo-avatar';
import { uniqueNamePicker } from './demo-names';
import people from './demo-people.json';
import { demoHomeRegions } from './demo-regions';
import { DEMO_LOGIN } from './demo-login';
import { type SeededRandom, seededRandom } from './seeded-random';

export { DEMO_LOGIN };

// Everything is computed from a fixed seed and a fixed reference date: deterministic data.
const SEED = 20_261_121;
const REFERENCE_DATE = new Date('2026-01-01T12:00:00Z');
const LANGUAGE_OF_COUNTRY: Record<string, keyof typeof people> = {
  NL: 'nl',
  BE: 'nl',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  GB: 'en',
  IE: 'en',
  US: 'en',
  FR: 'fr',
  IT: 'it',
  ES: 'es',
  PL: 'pl',
  DK: 'da',
  FI: 'fi',
  NO: 'nb',
  SE: 'sv',
};
const isFictionalIndex = (index: number) => index % 53 === 7;
// Grey hair comes with the years (issue 29 item 19: the attributes agree with the picture).
const YOUNG_HAIR = PROFILE_OPTIONS.hair_color.filter((colour) => colour !== 'grey');
const hairColourAt = (random: SeededRandom, age: number) =>
  age >= 50 && random.chance(0.45) ? 'grey' : random.pick(YOUNG_HAIR);

interface DemoMember {
  member: NewMember;
  interestIds: number[];
  photoCount: number;
}

function describeMember(
  index: number,
  random: SeededRandom,
  { siteId, countries, interestIds, nameOf, seededAt }: DemoSite,
): DemoMember {
  const country = index === 0 ? 'NL' : random.pick(countries);
  const language = LANGUAGE_OF_COUNTRY[country] ?? 'en';
  const gender = index === 0 ? 'female' : random.pick(PROFILE_OPTIONS.gender);
  const texts = people[language];
  const regions = demoHomeRegions(country);
  const age = random.int(18, 70);
  const born = subDays(subYears(REFERENCE_DATE, age), random.int(1, 360));
  const minutesSinceSignup = random.int(60, 90 * 24 * 60);
  // Signed up and active before the seeding, not before a fixed date: a demo site seeded
  // today does not look abandoned for months beside the first accounts made on it.
  const created = subMinutes(seededAt, minutesSinceSignup);
  // Active some time after signing up, never before.
  const lastActive = subMinutes(
    seededAt,
    random.int(1, Math.min(minutesSinceSignup, 14 * 24 * 60)),
  );
  const paid = index > 0 && random.chance(0.1);
  const sexuality = random.chance(0.85) ? 'straight' : random.pick(PROFILE_OPTIONS.sexuality);
  const opposite = gender === 'female' ? 'male' : 'female';
  // Whom a member seeks follows from their sexuality.
  const seeking = { straight: opposite, gay: gender, bisexual: 'both' }[sexuality] ?? opposite;
  return {
    member: {
      site_id: siteId,
      email: index === 0 ? DEMO_LOGIN.email : `demo-${index}@members.amora.example`,
      name: nameOf(texts[gender as 'female' | 'male']),
      password_hash: null,
      date_of_birth: formatISO(born, { representation: 'date' }),
      gender,
      seeking,
      sexuality,
      country,
      region: regions.length > 0 ? random.pick(regions).code : null,
      hair_color: hairColourAt(random, age),
      eye_color: random.pick(PROFILE_OPTIONS.eye_color),
      body_type: random.pick(PROFILE_OPTIONS.body_type),
      relationship_status: random.pick(PROFILE_OPTIONS.relationship_status),
      about: texts.about.map((choices) => random.pick(choices)).join(' '),
      language,
      status: 'active',
      profile_status: 'enabled',
      is_fictional: index > 0 && isFictionalIndex(index) ? 1 : 0,
      is_invisible: 0,
      is_demo: 1,
      paid_user: paid ? 1 : 0,
      created_at: created.toISOString(),
      last_active_at: lastActive.toISOString(),
    },
    interestIds: random.sample(interestIds, random.int(2, 5)),
    // 1 to 4 photos, within the limits of spec §9: free members have at most 3.
    photoCount: random.int(1, paid ? 4 : 3),
  };
}

/** Runs `work` over `items` with at most `limit` at a time (image work is CPU-bound). */
async function inBatches<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += limit) {
    await Promise.all(items.slice(start, start + limit).map(work));
  }
}

interface DemoSite {
  siteId: number;
  countries: string[];
  interestIds: number[];
  /** A first name of the list with an initial, never given twice on the site. */
  nameOf: (firstNames: readonly string[]) => string;
  seededAt: Date;
}

/** Seeds `count` varied demo members, each with 1 to 4 generated photos of one person. */
export async function seedDemoMembers(
  db: Db,
  storage: PhotoStorage,
  {
    siteId,
    count,
    withPhotos = true,
    now = new Date(),
  }: { siteId: number; count: number; withPhotos?: boolean; now?: Date },
): Promise<void> {
  const random = seededRandom(SEED);
  const site = await db
    .selectFrom('sites')
    .select('settings_json')
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  const countries = (JSON.parse(site.settings_json) as { countries: string[] }).countries;
  const interestIds = (await db.selectFrom('interests').select('id').orderBy('id').execute()).map(
    (row) => row.id,
  );
  const nameOf = uniqueNamePicker(random);
  const demoSite = { siteId, countries, interestIds, nameOf, seededAt: now };
  const demo = Array.from({ length: count }, (_, index) => describeMember(index, random, demoSite));
  if (demo[0]) demo[0].member.password_hash = await hashPassword(DEMO_LOGIN.password);

  const ids = await db.transaction().execute(async (trx) => {
    const inserted: number[] = [];
    for (let start = 0; start < demo.length; start += 100) {
      const ids = await insertMembers(
        trx,
        demo.slice(start, start + 100).map((entry) => entry.member),
      );
      inserted.push(...ids);
    }
    const links = demo.flatMap((entry, index) =>
      entry.interestIds.map((interestId) => ({
        member_id: inserted[index]!,
        interest_id: interestId,
      })),
    );
    for (let start = 0; start < links.length; start += 400) {
      await trx
        .insertInto('member_interests')
        .values(links.slice(start, start + 400))
        .execute();
    }
    return inserted;
  });
  if (!withPhotos) return;

  const jobs = demo.flatMap((entry, index) =>
    Array.from({ length: entry.photoCount }, (_, position) => ({
      memberId: ids[index]!,
      index,
      position,
      gender: entry.member.gender ?? 'female',
      hairColor: entry.member.hair_color ?? null,
    })),
  );
  await inBatches(jobs, 4, async (job) => {
    // One person per member: every photo is drawn from the member's seed (issue 25 item 8).
    const avatar = await renderDemoPhoto(
      { seed: SEED + job.index * 10, gender: job.gender, hairColor: job.hairColor },
      job.position,
    );
    const processed = await processPhoto(avatar);
    const keys = await storeProcessedPhoto(storage, processed);
    await db
      .insertInto('photos')
      .values({
        member_id: job.memberId,
        storage_key: keys.storageKey,
        blurred_storage_key: keys.blurredStorageKey,
        status: 'active',
        position: job.position,
        width: processed.width,
        height: processed.height,
        created_at: now.toISOString(),
      })
      .execute();
  });
}
