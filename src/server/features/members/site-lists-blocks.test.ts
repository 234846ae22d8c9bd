import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite } from '@server/seed/demo-site';
import { createMember, createPhoto } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 23 item 12, spec §1 "blocked users cannot view or contact": a blocker, and a member
// one blocked, never appear in a list shared by a site (the featured strip on /, the signup
// suggestions) for the member concerned, at once after the block, through every cache.
let t: TestApp;
let sites = 0;
const db = () => t.database.db;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A site of its own with a viewer, a blocker and two others, all with photos, in NL. */
async function newSite() {
  sites += 1;
  const host = `lists-${sites}.example`;
  const { siteId } = await seedDemoSite(db(), host, []);
  let activity = 0;
  const member = async () => {
    activity += 1;
    const row = await createMember(db(), siteId, {
      gender: 'female',
      seeking: 'male',
      country: 'NL',
      last_active_at: new Date(Date.now() - 60_000 + activity * 1000).toISOString(),
    });
    await createPhoto(db(), row.id);
    return row;
  };
  const others = [await member(), await member(), await member()];
  const viewer = await createMember(db(), siteId, { gender: 'male', seeking: 'female' });
  const logIn = async (email: string) => {
    const client = new TestClient(t.app, host);
    const login = await client.post('/api/user.php', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    return client;
  };
  return { host, others, viewer, logIn };
}

const idsOf = async (client: TestClient, path: string) => {
  const response = await client.get(path);
  expect(response.statusCode).toBe(200);
  return response.json<{ profiles: { id: number }[] }>().profiles.map((card) => card.id);
};

describe.each(['/api/featured.php', '/api/signup-matches.php'])('%s', (path) => {
  it('leaves out a member who blocked the viewer, from the moment of the block', async () => {
    const { host, others, viewer, logIn } = await newSite();
    const [first, blocker, last] = others;
    const client = await logIn(viewer.email);
    // Seen first, so every list a site keeps holds the blocker.
    expect(await idsOf(client, path)).toEqual([last!.id, blocker!.id, first!.id]);
    expect(await idsOf(new TestClient(t.app, host), '/api/featured.php')).toContain(blocker!.id);

    const blockerClient = await logIn(blocker!.email);
    expect((await blockerClient.post('/api/block.php', { member_id: viewer.id })).statusCode).toBe(
      200,
    );
    expect(await idsOf(client, path)).toEqual([last!.id, first!.id]);
    // ... and the viewer is not in the blocker's list either.
    if (path === '/api/featured.php')
      expect(await idsOf(blockerClient, path)).not.toContain(viewer.id);
  });

  it('leaves out a member the viewer blocked, and shows them again after an unblock', async () => {
    const { others, viewer, logIn } = await newSite();
    const [first, blocked, last] = others;
    const client = await logIn(viewer.email);
    expect(await idsOf(client, path)).toEqual([last!.id, blocked!.id, first!.id]);
    await client.post('/api/block.php', { member_id: blocked!.id });
    expect(await idsOf(client, path)).toEqual([last!.id, first!.id]);
    await client.delete('/api/block.php', { member_id: blocked!.id });
    expect(await idsOf(client, path)).toEqual([last!.id, blocked!.id, first!.id]);
  });
});

describe("the visitors' strip", () => {
  it('varies by cookie, so a browser never shows a member the strip it kept as a visitor', async () => {
    const { host } = await newSite();
    const response = await new TestClient(t.app, host).get('/api/featured.php');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(String(response.headers.vary).toLowerCase().split(/,\s*/)).toContain('cookie');
  });
});
