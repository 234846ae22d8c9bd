import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoggedInUser } from '@contract/account';
import { registerLiveUpdates } from './live-updates';
import { dispatchResync, dispatchServerEvent, onServerEvent } from './realtime-events';
import { queryKeys } from '@web/api/query-keys';

// What the socket's events change in the app's caches (issue 9 §4; spec §4).
const user = { credits: 10, profile: { name: 'Anna' } } as LoggedInUser;
const card = {
  id: 8,
  name: 'Eight',
  age: 30,
  country: 'NL',
  region: null,
  region_name: null,
  main_image: null,
  fictional: false,
  activity: null,
};
let stop = () => {};
afterEach(() => stop());

function setUp() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.user, user);
  for (const key of [queryKeys.likes.all, queryKeys.chats]) queryClient.setQueryData(key, {});
  stop = registerLiveUpdates(queryClient);
  const invalid = (key: readonly string[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, invalid };
}

describe('live updates', () => {
  it('puts the new credits into the member’s record', () => {
    const { queryClient } = setUp();
    dispatchServerEvent({ type: 'credits.changed', credits: 4 });
    expect(queryClient.getQueryData(queryKeys.user)).toEqual({ ...user, credits: 4 });
  });

  it('reloads likes on a new like or match, and nothing else', () => {
    const { invalid } = setUp();
    dispatchServerEvent({ type: 'like.new', profile: card });
    expect(invalid(queryKeys.likes.all)).toBe(true);
    expect(invalid(queryKeys.user)).toBe(false);
    expect(invalid(queryKeys.chats)).toBe(false);
  });

  it('reloads user, likes and chats on a resync', () => {
    const { invalid } = setUp();
    dispatchResync();
    expect([queryKeys.user, queryKeys.likes.all, queryKeys.chats].map(invalid)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('keeps calling the other handlers when one fails, and stops one on request', () => {
    const seen: string[] = [];
    const stopFailing = onServerEvent('match.new', () => {
      throw new Error('a broken handler');
    });
    const stopSeen = onServerEvent('match.new', (event) => seen.push(event.profile.name));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    dispatchServerEvent({ type: 'match.new', profile: card });
    expect(quiet).toHaveBeenCalledOnce();
    quiet.mockRestore();
    stopSeen();
    stopFailing();
    dispatchServerEvent({ type: 'match.new', profile: card });
    expect(seen).toEqual(['Eight']);
  });
});
