import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { VISITS_PER_TEN_MINUTES } from './visit-routes';
import { SOURCES_PER_DAY } from './visits-table';

// Issue 30 item 9: visits per site, UTC day, traffic source and lander (docs/operator-console.md,
// "Visits"): counted once per visitor session start, never for a member, with a per-address
// limit, as counters only.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('visits').execute();
});

const today = () => new Date().toISOString().slice(0, 10);
const counts = () =>
  t.database.db.selectFrom('visits').selectAll().orderBy('source').orderBy('lander').execute();
const visit = (body: Record<string, unknown>, client = new TestClient(t.app)) =>
  client.post('/api/visit.php', body);

describe('POST /api/visit.php', () => {
  it('counts a visit per site, day, traffic source and lander of the page it began on', async () => {
    expect((await visit({ path: '/landers/gallery/romance?network=adnet' })).json()).toEqual({
      counted: true,
    });
    await visit({ path: '/landers/gallery', network: 'adnet' });
    await visit({ path: '/landers/gallery', network: 'adnet' });
    await visit({ path: '/members/12/landing2/summer', network: 'mail' });
    await visit({ path: '/' });
    await visit({ path: '/wp-login.php', network: '  adnet ' });
    expect(await counts()).toEqual([
      { site_id: t.siteId, day: today(), source: '', lander: 'index', count: 1 },
      { site_id: t.siteId, day: today(), source: '', lander: 'landers-gallery', count: 1 },
      { site_id: t.siteId, day: today(), source: 'adnet', lander: 'landers-gallery', count: 2 },
      { site_id: t.siteId, day: today(), source: 'adnet', lander: 'not-found', count: 1 },
      {
        site_id: t.siteId,
        day: today(),
        source: 'mail',
        lander: 'members-id-landing2-slug',
        count: 1,
      },
    ]);
  });

  it('stores nothing about the visitor: no session, member, address or path', async () => {
    await visit({ path: '/members/77/landing?ref=friend' });
    const columns = Object.keys((await counts())[0]!);
    expect(columns.sort()).toEqual(['count', 'day', 'lander', 'site_id', 'source']);
  });

  it('does not count a member’s session, a crawler, or a call without the CSRF header', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const client = await loggedInClient(t.app, member);
    expect((await visit({ path: '/' }, client)).json()).toEqual({ counted: false });
    const crawler = await new TestClient(t.app).request(
      'POST',
      '/api/visit.php',
      { path: '/' },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    );
    expect(crawler.json()).toEqual({ counted: false });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/visit.php',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: { path: '/' },
    });
    expect(forged.statusCode).toBe(403);
    expect(await counts()).toEqual([]);
  });

  it('answers a bad body 400 and stores nothing', async () => {
    expect((await visit({ path: 5 })).statusCode).toBe(400);
    expect((await visit({ path: `/${'x'.repeat(500)}` })).statusCode).toBe(400);
    expect(await counts()).toEqual([]);
  });

  it('stops counting one address that starts too many visits', async () => {
    const client = new TestClient(t.app);
    for (let call = 0; call < VISITS_PER_TEN_MINUTES; call++) await visit({ path: '/' }, client);
    expect((await visit({ path: '/' }, client)).json()).toEqual({ counted: false });
    expect(await counts()).toMatchObject([{ lander: 'index', count: VISITS_PER_TEN_MINUTES }]);
    // Another address still counts.
    expect((await visit({ path: '/' })).json()).toEqual({ counted: true });
  });

  it('counts every one of many visits that arrive at once (one upsert per visit)', async () => {
    const visitors = Array.from({ length: 40 }, () => new TestClient(t.app));
    // Each client first takes its CSRF cookie, so the visits themselves go out together.
    await Promise.all(visitors.map((client) => client.get('/api/settings.php')));
    const answers = await Promise.all(
      visitors.map((client) => visit({ path: '/landers/video', network: 'adnet' }, client)),
    );
    expect(answers.map((answer) => answer.json().counted)).toEqual(visitors.map(() => true));
    expect(await counts()).toEqual([
      { site_id: t.siteId, day: today(), source: 'adnet', lander: 'landers-video', count: 40 },
    ]);
  });

  it('counts a day’s sources beyond the cap together under *', async () => {
    await t.database.db
      .insertInto('visits')
      .values(
        Array.from({ length: SOURCES_PER_DAY }, (_, index) => ({
          site_id: t.siteId,
          day: today(),
          source: `made-up-${index}`,
          lander: 'index',
          count: 1,
        })),
      )
      .execute();
    await visit({ path: '/', network: 'made-up-7' });
    await visit({ path: '/', network: 'one-more' });
    await visit({ path: '/', network: 'and-another' });
    const rows = await counts();
    expect(rows).toHaveLength(SOURCES_PER_DAY + 1);
    expect(rows.find((row) => row.source === 'made-up-7')?.count).toBe(2);
    expect(rows.find((row) => row.source === '*')?.count).toBe(2);
  });
});

describe('the lander of a signup', () => {
  const signUp = (email: string, landing_page: unknown) =>
    new TestClient(t.app).post('/api/signup.php', {
      email,
      name: 'Sanne',
      password: 'a long passphrase here',
      date_of_birth: '1994-02-03',
      network: 'adnet',
      landing_page,
    });
  const landerOf = async (email: string) =>
    (
      await t.database.db
        .selectFrom('members')
        .select('lander')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).lander;

  it('is the lander of the page its visit began on, as the visit counted it', async () => {
    const email = `lander-${Date.now()}@example.com`;
    expect((await signUp(email, '/landers/maplanding/north')).statusCode).toBe(200);
    expect(await landerOf(email)).toBe('landers-maplanding');
  });

  it('is none when the browser kept no page, and a junk value never refuses the signup', async () => {
    const none = `no-lander-${Date.now()}@example.com`;
    expect((await signUp(none, undefined)).statusCode).toBe(200);
    expect(await landerOf(none)).toBeNull();
    const junk = `junk-lander-${Date.now()}@example.com`;
    expect((await signUp(junk, { path: '/' })).statusCode).toBe(200);
    expect(await landerOf(junk)).toBeNull();
  });
});
