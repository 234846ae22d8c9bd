import { describe, expect, it } from 'vitest';
import { isAppRoute, pathFor, toRouterPath } from './routes';

describe('route table (spec §2)', () => {
  it('recognises the routes the web app has a page for and nothing else', () => {
    for (const path of [
      '/',
      '/members/7',
      '/members/7/',
      '/pages/faq',
      '/reset-password/do',
      '/match-finder',
      '/swipe-game',
      '/members',
      '/likes',
      '/likes/matches',
      '/likes/m/7',
      '/chats',
      '/chats/7',
      '/members/7/chat',
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
    // Issue 7 §5.5: spec routes without a page yet are 404s, not the 404 page with status 200.
    for (const path of ['/members/7/landing3', '/landers/tinderswipe']) {
      expect(isAppRoute(path), path).toBe(false);
    }
    for (const path of ['/no-such-page', '/pages/secret', '/landers/unknown', '/members/7/x/y']) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });

  it('builds paths and router patterns', () => {
    expect(pathFor('members-id-chat', { id: 9 })).toBe('/members/9/chat');
    expect(pathFor('credits-id-paymentmethod', { id: 2 })).toBe('/credits/2');
    expect(toRouterPath('/credits/{id}/{paymentmethod?}')).toBe('/credits/:id/:paymentmethod?');
  });
});
