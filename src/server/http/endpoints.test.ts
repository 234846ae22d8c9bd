import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@contract/endpoints';
import { routesOf } from '@server/test/matrix-actors';
import { type TestApp, createTestApp } from '@server/test/test-app';

// issue 7 §2: an endpoint is one object in src/contract; the server serves exactly those.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API and its contract', () => {
  it('serves every contract endpoint, and no /api/ route that is not one', () => {
    const served = routesOf(t.app)
      .filter((route) => route.split(' ')[1]!.startsWith('/api/'))
      .sort();
    // The router lists a path once however many query-flag variants it has (?push=1).
    const declared = [
      ...new Set(ALL_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`)),
    ].sort();
    expect(served).toEqual(declared);
  });

  it('declares each method and path once', () => {
    // A query flag (spec §7 POST /api/user.php?push=1) tells two endpoints of one path apart.
    const keys = ALL_ENDPOINTS.map(
      (endpoint) =>
        `${endpoint.method} ${endpoint.path}${endpoint.queryFlag ? `?${endpoint.queryFlag}=1` : ''}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});
