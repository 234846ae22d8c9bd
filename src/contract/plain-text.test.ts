import { describe, expect, it } from 'vitest';
import { nameSchema } from './account';
import { profileUpdateSchema } from './profiles';

const codesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('plain text in names and texts (issue 7 §1.8)', () => {
  it.each([
    ['a NUL byte', 'Ann\u0000a'],
    ['a line break in a name', 'Ann\na'],
    ['an escape character', 'Ann\u001b[31ma'],
    ['a right-to-left override', 'Ann\u202Ea'],
    ['a left-to-right isolate', '\u2066Anna\u2069'],
    ['zero-width characters only', '\u200B\u200C\u200D\u2060'],
    ['invisible separators and soft hyphens only', '\u2063\u00AD\u2063'],
    ['Hangul fillers only', '\u3164\u3164'],
  ])('refuses a name with %s', (_label, name) => {
    expect(codesOf(nameSchema.safeParse(name))).toContain('text_invalid_characters');
  });

  it.each([
    ['accents', 'Zoë Ångström'],
    ['Polish letters', 'Łucja Żółć'],
    ['a joined emoji', 'Kim 👩‍💻'],
    ['Arabic script with a direction mark', 'ليلى\u200F'],
  ])('accepts a name with %s', (_label, name) => {
    expect(nameSchema.safeParse(name).success).toBe(true);
  });

  it('keeps line breaks and tabs in the about-me text but refuses control characters', () => {
    const profile = {
      name: 'Anna',
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
    };
    expect(
      profileUpdateSchema.safeParse({ ...profile, about: 'Hi!\n\tI like walks.' }).success,
    ).toBe(true);
    expect(profileUpdateSchema.safeParse({ ...profile, about: '' }).success).toBe(true);
    expect(
      codesOf(profileUpdateSchema.safeParse({ ...profile, about: 'Hi\u0000there' })),
    ).toContain('text_invalid_characters');
  });
});
