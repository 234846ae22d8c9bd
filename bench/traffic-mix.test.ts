import { describe, expect, it } from 'vitest';
import type { BenchMember } from './bench-members';
import { ACTIONS, type World } from './traffic-mix';
import { searchCursor } from '@contract/discovery';

// A cursor as the server hands it out for the second page (src/contract/cursor.ts).
const NEXT_PAGE = searchCursor.encode({
  lastActiveAt: '2026-11-26T12:00:00.000Z',
  id: 42,
  pageNumber: 2,
});

const member = (id: number): BenchMember => ({
  id,
  email: `bench${id}@example.com`,
  cookie: '',
  csrf: '',
  ip: '10.0.0.1',
});

/**
 * The mix measures what the web client calls only while its calls are ones the API accepts:
 * a contract change that the bench does not follow fails here, not as a bench of 400s.
 */
describe('the benchmark traffic mix (issue 24 item 4)', () => {
  const world: World = { online: [member(1), member(2)], visibleIds: [7, 8], inFlight: new Map() };

  it('weighs its kinds of call to 100', () => {
    expect(ACTIONS.reduce((total, action) => total + action.weight, 0)).toBe(100);
  });

  it.each(ACTIONS.map((action) => [action.name, action] as const))(
    '%s: calls its endpoint with a query and body the contract accepts',
    (_name, action) => {
      for (let call = 0; call < 50; call += 1) {
        const caller = world.online[call % 2]!;
        // Every other search asks for the next page, as "show more" does.
        if (caller.search) caller.search.cursor = call % 2 ? NEXT_PAGE : null;
        const made = action.call(caller, world);
        const url = new URL(made.path, 'http://localhost');
        expect([made.method, url.pathname]).toEqual([action.endpoint.method, action.endpoint.path]);
        const query = Object.fromEntries(url.searchParams);
        if (action.endpoint.query)
          expect(action.endpoint.query.safeParse(query).error).toBeUndefined();
        else expect(query).toEqual({});
        if (action.endpoint.body)
          expect(action.endpoint.body.safeParse(JSON.parse(made.body!)).error).toBeUndefined();
        else expect(made.body).toBeUndefined();
      }
    },
  );

  it('sends each message to another online member', () => {
    const send = ACTIONS.find((action) => action.endpoint.method === 'POST')!;
    for (let call = 0; call < 20; call += 1) {
      const body = JSON.parse(send.call(world.online[0]!, world).body!) as { to: number };
      expect(body.to).toBe(2);
    }
  });
});
