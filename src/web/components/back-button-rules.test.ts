import { describe, expect, it } from 'vitest';
import { backButtonShows, backFallback } from './back-button-rules';

describe('the installed app’s back button (spec §2)', () => {
  it('shows on member, likes and credits pages only', () => {
    for (const path of ['/members/12', '/likes', '/likes/m/4', '/credits', '/credits/3/ideal']) {
      expect(backButtonShows(path), path).toBe(true);
    }
    for (const path of ['/members', '/chats', '/profile', '/', '/premium']) {
      expect(backButtonShows(path), path).toBe(false);
    }
  });

  it('leads one level up when the app has no page behind this one', () => {
    expect(backFallback('/members/12')).toBe('/members');
    expect(backFallback('/likes/m/4')).toBe('/likes');
    expect(backFallback('/likes')).toBe('/members');
    expect(backFallback('/credits/3/ideal')).toBe('/credits');
    expect(backFallback('/credits')).toBe('/members');
  });
});
