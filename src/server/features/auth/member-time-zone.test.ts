import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMidnight } from '@server/db/member-time-zone';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 23 item 15: the member's day (the swipe game's 4 likes, spec §9) ends at their own
// midnight, so signup and login keep the time zone their browser tells.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';
const timeZoneOf = async (email: string) =>
  (
    await t.database.db
      .selectFrom('members')
      .select('time_zone')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).time_zone;

const timeZonesOf = (email: string) =>
  t.database.db
    .selectFrom('members')
    .select(['time_zone', 'next_time_zone', 'next_time_zone_from'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

describe("the member's time zone", () => {
  it('is kept at signup', async () => {
    const email = `zone-${Date.now()}@example.com`;
    const response = await new TestClient(t.app).post('/api/signup.php', {
      email,
      name: 'Sanne',
      password: 'a long passphrase here',
      date_of_birth: '1994-02-03',
      time_zone: 'America/New_York',
    });
    expect(response.statusCode).toBe(200);
    expect(await timeZoneOf(email)).toBe('America/New_York');
  });

  it('takes the first zone a browser tells at once, another from the next midnight, and an unknown zone neither refuses nor changes it', async () => {
    const member = await createMember(t.database.db, t.siteId);
    expect(member.time_zone).toBeNull();
    const logIn = (time_zone?: unknown) =>
      new TestClient(t.app).post('/api/user.php', {
        email: member.email,
        password: PASSWORD,
        ...(time_zone === undefined ? {} : { time_zone }),
      });
    expect((await logIn('Europe/Helsinki')).statusCode).toBe(200);
    expect(await timeZoneOf(member.email)).toBe('Europe/Helsinki');
    expect((await logIn('Mars/Olympus_Mons')).statusCode).toBe(200);
    expect((await logIn(42)).statusCode).toBe(200);
    expect((await logIn()).statusCode).toBe(200);
    expect(await timeZoneOf(member.email)).toBe('Europe/Helsinki');
    // Issue 29 item 8: another zone waits for the end of the member's day in the zone in force.
    const before = nextMidnight(new Date(), 'Europe/Helsinki').toISOString();
    expect((await logIn('Asia/Kolkata')).statusCode).toBe(200);
    const after = nextMidnight(new Date(), 'Europe/Helsinki').toISOString();
    const stored = await timeZonesOf(member.email);
    expect(stored).toMatchObject({ time_zone: 'Europe/Helsinki', next_time_zone: 'Asia/Kolkata' });
    expect([before, after]).toContain(stored.next_time_zone_from);
    // Telling the zone in force again drops the change still waiting.
    expect((await logIn('Europe/Helsinki')).statusCode).toBe(200);
    expect(await timeZonesOf(member.email)).toEqual({
      time_zone: 'Europe/Helsinki',
      next_time_zone: null,
      next_time_zone_from: null,
    });
  });
});
