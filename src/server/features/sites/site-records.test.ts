import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// The site is read on every request; only the parse of an unchanged row is shared. A settings
// change is seen by the very next request, with no cache to drop (issue 24 §1).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('site settings', () => {
  it('answer the same bytes while unchanged, and the new settings on the next request', async () => {
    const client = new TestClient(t.app);
    const first = await client.get('/api/settings.php');
    const again = await client.get('/api/settings.php');
    expect(again.headers.etag).toBe(first.headers.etag);

    await updateSiteSettings(t, { min_age: 21 });
    const changed = await client.get('/api/settings.php');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.json<{ settings: { min_age: number } }>().settings.min_age).toBe(21);
  });
});
