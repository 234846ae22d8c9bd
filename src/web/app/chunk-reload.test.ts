import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MIN_RELOAD_INTERVAL_MS,
  isChunkLoadFailure,
  reloadOnceForChunkFailure,
} from './chunk-reload';

// spec §4 "Chunk load failure: the page reloads once, at most once per 60 seconds."
let stored: Map<string, string>;
const reload = vi.fn();

beforeEach(() => {
  stored = new Map();
  reload.mockClear();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  });
  vi.stubGlobal('window', { location: { reload } });
});
afterEach(() => vi.unstubAllGlobals());

describe('chunk-load recovery (spec §4)', () => {
  it('knows a failed dynamic import in Chromium, Firefox and Safari, and nothing else', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x/assets/page-1.js',
      'error loading dynamically imported module: https://x/assets/page-1.js',
      'Importing a module script failed.',
    ]) {
      expect(isChunkLoadFailure(new TypeError(message)), message).toBe(true);
    }
    expect(isChunkLoadFailure(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads on the first failure', () => {
    expect(reloadOnceForChunkFailure(1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again within 60 seconds, so a missing chunk cannot loop', () => {
    const start = 1_000_000;
    reloadOnceForChunkFailure(start);
    expect(reloadOnceForChunkFailure(start + 1)).toBe(false);
    expect(reloadOnceForChunkFailure(start + MIN_RELOAD_INTERVAL_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once more after 60 seconds, and then waits again', () => {
    const start = 1_000_000;
    reloadOnceForChunkFailure(start);
    expect(reloadOnceForChunkFailure(start + MIN_RELOAD_INTERVAL_MS)).toBe(true);
    expect(reloadOnceForChunkFailure(start + MIN_RELOAD_INTERVAL_MS + 10)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('remembers the reload across the reload itself (the tab keeps its storage)', () => {
    reloadOnceForChunkFailure(5_000_000);
    // The page after the reload: new code, same session storage.
    expect(stored.get('chunk-reload-at')).toBe('5000000');
    expect(reloadOnceForChunkFailure(5_000_500)).toBe(false);
  });

  it('reloads after a clock set back rather than never again', () => {
    reloadOnceForChunkFailure(9_000_000);
    expect(reloadOnceForChunkFailure(1_000_000)).toBe(true);
  });

  it('never reloads without storage to remember it in (a loop is worse than the error page)', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
    });
    expect(reloadOnceForChunkFailure(1_000_000)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
