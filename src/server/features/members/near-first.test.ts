import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_COOKIE } from '@contract/settings';
import type { MemberRow } from '@server/db/schema';
import { createMember, createPhoto } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 29 item 14: the home hero says "Meet singles near you", signup matches "A few
// members near you", but a Dutch visitor saw members from Södermanland, Minnesota and Lappi
// first. The strip, the signup matches and the landers now show members of the viewer's
// region first (where known), then of their country, then the others; each by activity.

let t: TestApp;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
let everyone: Record<string, MemberRow>;

beforeAll(async () => {
  t = await createTestApp({ GEOIP_COUNTRY_HEADER: 'cf-ipcountry' });
  // The most recently active live far away: by activity alone they would lead every list.
  const place = async (name: string, country: string, region: string | null, minutes: number) => {
    const member = await createMember(t.database.db, t.siteId, {
      name,
      country,
      region,
      gender: 'female',
      last_active_at: ago(minutes),
    });
    await createPhoto(t.database.db, member.id);
    return member;
  };
  everyone = {
    minnesota: await place('Amy', 'US', 'MN', 1),
    lappi: await place('Aino', 'FI', 'FI-10', 2),
    sodermanland: await place('Elsa', 'SE', 'D', 3),
    utrecht: await place('Fleur', 'NL', 'UT', 4),
    zeeland: await place('Iris', 'NL', 'ZE', 5),
    bayern: await place('Lena', 'DE', 'BY', 6),
  };
});
afterAll(() => t.close());

const namesOf = (profiles: { id: number }[]) => {
  const byId = new Map(Object.entries(everyone).map(([name, member]) => [member.id, name]));
  return profiles.map((profile) => byId.get(profile.id)).filter(Boolean);
};

describe('members near the viewer first (issue 29 item 14)', () => {
  it("shows a Dutch visitor the Dutch members first on the home strip, by the CDN's country", async () => {
    const response = await new TestClient(t.app).request('GET', '/api/featured.php', undefined, {
      'cf-ipcountry': 'SE',
    });
    expect(namesOf(response.json().profiles)[0]).toBe('sodermanland');
    // A Dutch visitor: the site's first country is theirs anyway, and the others follow.
    const dutch = await new TestClient(t.app).request('GET', '/api/featured.php', undefined, {
      'cf-ipcountry': 'NL',
    });
    expect(namesOf(dutch.json().profiles).slice(0, 3)).toEqual(['utrecht', 'zeeland', 'minnesota']);
    // A shared cache keeps the visitors' strip per country.
    expect(response.headers.vary).toContain('cf-ipcountry');
  });

  it('follows the country a visitor chose on /lang-config', async () => {
    const client = new TestClient(t.app);
    client.cookies.set(COUNTRY_COOKIE, 'DE');
    const { profiles } = (
      await client.request('GET', '/api/featured.php', undefined, { 'cf-ipcountry': 'SE' })
    ).json();
    expect(namesOf(profiles)[0]).toBe('bayern');
  });

  it("shows a member their own region first, then their country's others, then the rest", async () => {
    const viewer = await createMember(t.database.db, t.siteId, { country: 'NL', region: 'ZE' });
    const client = await loggedInClient(t.app, viewer);
    const { profiles } = (await client.get('/api/featured.php')).json();
    expect(namesOf(profiles)).toEqual([
      'zeeland',
      'utrecht',
      'minnesota',
      'lappi',
      'sodermanland',
      'bayern',
    ]);
  });

  it('suggests members of their region first right after signup', async () => {
    const viewer = await createMember(t.database.db, t.siteId, {
      country: 'NL',
      region: 'ZE',
      gender: 'male',
      seeking: 'female',
    });
    const client = await loggedInClient(t.app, viewer);
    const { profiles } = (await client.get('/api/signup-matches.php')).json();
    expect(namesOf(profiles)).toEqual(['zeeland', 'utrecht']);
  });

  it("shows a lander's visitor the members of their country first", async () => {
    const { members } = (
      await new TestClient(t.app).request('GET', '/api/lander.php?lander=alonetonight', undefined, {
        'cf-ipcountry': 'SE',
      })
    ).json();
    expect(namesOf(members)[0]).toBe('sodermanland');
  });
});
