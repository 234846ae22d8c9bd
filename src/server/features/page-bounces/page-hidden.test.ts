import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('page_bounces').execute();
});

const today = () => new Date().toISOString().slice(0, 10);
const counts = () =>
  t.database.db
    .selectFrom('page_bounces')
    .select(['site_id', 'route', 'day', 'count'])
    .orderBy('route')
    .execute();

/** A beacon as navigator.sendBeacon sends it: text, no CSRF header, the browser's own headers. */
const beacon = (
  payload: string,
  headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
  client = new TestClient(t.app),
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/page-hidden.php',
    remoteAddress: client.remoteAddress,
    headers: { host: 'localhost', 'content-type': 'text/plain;charset=UTF-8', ...headers },
    payload,
  });

describe('POST /api/page-hidden.php (spec §4 lb, §7; issue 25 item 4)', () => {
  it('counts the page per site, route of the route table and day', async () => {
    expect((await beacon('{"path":"/members/5/landing?lb&t=3"}')).json()).toEqual({
      counted: true,
    });
    await beacon('{"path":"/members/5/landing?lb"}');
    await beacon('{"path":"/pages/faq#top"}');
    expect(await counts()).toEqual([
      { site_id: t.siteId, route: 'members-id-landing', day: today(), count: 2 },
      { site_id: t.siteId, route: 'pages-slug', day: today(), count: 1 },
    ]);
  });

  // Issue 29 item 7: one address wrote 120 rows in 10 minutes, one per made-up path.
  it('keeps one counter per route, however many paths of it are sent', async () => {
    const headers = { 'sec-fetch-site': 'same-origin' };
    for (let id = 1; id <= 20; id++) {
      await beacon(JSON.stringify({ path: `/members/${id}/landing` }), headers);
      await beacon(JSON.stringify({ path: `/landers/gallery/slug-${id}` }), headers);
    }
    expect(await counts()).toEqual([
      { site_id: t.siteId, route: 'landers-slug', day: today(), count: 20 },
      { site_id: t.siteId, route: 'members-id-landing', day: today(), count: 20 },
    ]);
  });

  it("takes the page from the Referer for the spec's empty JSON body", async () => {
    const response = await beacon('{}', {
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      referer: 'http://localhost/members/12/landing?lb=1',
    });
    expect(response.json()).toEqual({ counted: true });
    expect(await counts()).toMatchObject([{ route: 'members-id-landing', count: 1 }]);
  });

  it('accepts the Origin of the site where a browser sends no Sec-Fetch-Site', async () => {
    const response = await beacon('{"path":"/login"}', { origin: 'http://localhost' });
    expect(response.json()).toEqual({ counted: true });
  });

  it('stores nothing about the visitor: no session, member or address', async () => {
    await beacon('{"path":"/login"}');
    const columns = Object.keys((await counts())[0]!);
    expect(columns.sort()).toEqual(['count', 'day', 'route', 'site_id']);
  });

  it.each([
    ['not JSON at all', '<<<junk>>>'],
    ['an empty body', ''],
    ['JSON of another shape', '[1,2,3]'],
    ['a number as path', '{"path":42}'],
    ['a page the app does not have', '{"path":"/wp-admin/setup.php"}'],
    ['another site', '{"path":"https://elsewhere.example/login"}'],
    ['a path too long', JSON.stringify({ path: `/members/${'9'.repeat(500)}` })],
  ])('ignores %s without an error and stores nothing', async (_case, payload) => {
    const response = await beacon(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ counted: false });
    expect(await counts()).toEqual([]);
  });

  it('ignores invalid JSON sent as application/json too (no 400, no 500)', async () => {
    const response = await beacon('{"path":', {
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ counted: false });
  });

  it.each([
    ['a cross-site page', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['a page of a sibling site', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['no origin information at all', {}],
  ])('refuses a beacon from %s (CSRF without a header)', async (_case, headers) => {
    const response = await beacon('{"path":"/login"}', headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('csrf_failed');
    expect(await counts()).toEqual([]);
  });

  it('stops counting one address that sends too many', async () => {
    const client = new TestClient(t.app);
    const headers = { 'sec-fetch-site': 'same-origin' };
    for (let call = 0; call < 30; call++) await beacon('{"path":"/login"}', headers, client);
    expect((await beacon('{"path":"/login"}', headers, client)).json()).toEqual({
      counted: false,
    });
    expect(await counts()).toMatchObject([{ route: 'login', count: 30 }]);
  });
});
