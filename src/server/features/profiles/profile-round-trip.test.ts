import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_OPTIONS } from '@contract/profile-options';
import { type OwnProfile, type ProfileUpdate, profileUpdateSchema } from '@contract/profiles';
import { regionsOf } from '@server/features/geo';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 7 §5.1: a region saved at signup was lost when the profile was saved again. The web
// form sends back what GET /api/profile.php answered, so every editable field must survive
// save → reload → save of another field → reload. The fields come from the contract: a new
// editable field fails to compile here until it has a second value below.
const EDITABLE_FIELDS = Object.keys(profileUpdateSchema.shape) as Array<keyof ProfileUpdate>;

let t: TestApp;
let client: TestClient;
let interestIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.database.db, t.siteId, {
    name: 'Noor',
    country: 'NL',
    region: null,
    sexuality: null,
    hair_color: null,
    eye_color: null,
    body_type: null,
    relationship_status: null,
  });
  client = new TestClient(t.app);
  const login = await client.post('/api/user.php', {
    email: member.email,
    password: 'correct horse battery',
  });
  expect(login.statusCode).toBe(200);
  const interests = (await client.get('/api/interests.php')).json().interests as Array<{
    id: number;
  }>;
  interestIds = interests.map((interest) => interest.id);
});
afterAll(() => t.close());

const reload = async (): Promise<OwnProfile> => {
  const response = await client.get('/api/profile.php');
  expect(response.statusCode).toBe(200);
  return response.json().profile;
};

/** What the web form sends: the editable fields of the profile as the server answered them. */
const editableOf = (profile: OwnProfile): ProfileUpdate =>
  Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, profile[field]])) as ProfileUpdate;

async function save(update: ProfileUpdate) {
  const response = await client.put('/api/profile.php', update);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().profile as OwnProfile;
}

/** A value different from `current` for each editable field, valid with the rest. */
function otherValue(field: keyof ProfileUpdate, current: ProfileUpdate): ProfileUpdate {
  const pickOther = <T>(values: readonly T[], value: T) => values.find((v) => v !== value)!;
  const changes: { [K in keyof ProfileUpdate]: () => Partial<ProfileUpdate> } = {
    name: () => ({ name: `${current.name}a` }),
    gender: () => ({ gender: pickOther(PROFILE_OPTIONS.gender, current.gender) }),
    seeking: () => ({ seeking: pickOther(PROFILE_OPTIONS.seeking, current.seeking) }),
    sexuality: () => ({ sexuality: pickOther(PROFILE_OPTIONS.sexuality, current.sexuality) }),
    hair_color: () => ({ hair_color: pickOther(PROFILE_OPTIONS.hair_color, current.hair_color) }),
    eye_color: () => ({ eye_color: pickOther(PROFILE_OPTIONS.eye_color, current.eye_color) }),
    body_type: () => ({ body_type: pickOther(PROFILE_OPTIONS.body_type, current.body_type) }),
    relationship_status: () => ({
      relationship_status: pickOther(
        PROFILE_OPTIONS.relationship_status,
        current.relationship_status,
      ),
    }),
    interests: () => ({
      interests: current.interests.length ? [] : interestIds.slice(0, 3),
    }),
    // A region belongs to one country, so a new country comes with one of its regions.
    country: () => {
      const country = current.country === 'NL' ? 'DE' : 'NL';
      return { country, region: regionsOf(country)[0]!.code };
    },
    region: () => ({
      region: pickOther(
        regionsOf(current.country).map((region) => region.code),
        current.region,
      ),
    }),
    about: () => ({ about: `${current.about} More about me.`.trim() }),
  };
  return { ...current, ...changes[field]() };
}

describe('PUT then GET /api/profile.php: every field survives the round trip', () => {
  it('answers a region chosen at complete-signup on the profile', async () => {
    const response = await client.post('/api/complete-signup.php', {
      gender: 'female',
      seeking: 'male',
      country: 'NL',
      region: 'NH',
    });
    expect(response.statusCode).toBe(200);
    const profile = await reload();
    expect({ country: profile.country, region: profile.region }).toEqual({
      country: 'NL',
      region: 'NH',
    });
    // What the profile answers is what the editor may send back unchanged.
    expect(profileUpdateSchema.safeParse(editableOf(profile)).success).toBe(true);
  });

  it('keeps every field when the profile is saved back unchanged', async () => {
    const before = editableOf(await reload());
    await save(before);
    expect(editableOf(await reload())).toEqual(before);
  });

  for (const field of EDITABLE_FIELDS) {
    it(`saves ${field}, and keeps it when another field is saved`, async () => {
      const current = editableOf(await reload());
      const changed = otherValue(field, current);
      expect(changed[field], `a second value for ${field}`).not.toEqual(current[field]);

      expect(editableOf(await save(changed))).toEqual(changed);
      expect(editableOf(await reload())).toEqual(changed);

      // Save something else: the field just saved stays as it was.
      const other = field === 'about' ? 'name' : 'about';
      const next = otherValue(other, changed);
      await save(next);
      const reloaded = editableOf(await reload());
      expect(reloaded).toEqual(next);
      expect(reloaded[field]).toEqual(changed[field]);
    });
  }
});
