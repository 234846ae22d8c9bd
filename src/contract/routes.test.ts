import { describe, expect, it } from 'vitest';
import { isAppRoute, matchAppRoute, pathFor, toRouterPath } from './routes';

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
      '/members/7/landing',
      '/members/7/landing2',
      '/members/7/landing2/chat',
      '/members/7/landing3/anything',
      '/members/7/signup',
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
    // Issue 7 §5.5: spec routes without a page yet are 404s, not the 404 page with status 200.
    for (const path of ['/landers/tinderswipe']) {
      expect(isAppRoute(path), path).toBe(false);
    }
    for (const path of ['/no-such-page', '/pages/secret', '/landers/unknown', '/members/7/x/y']) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });

  it('names the matched route and its parameters', () => {
    expect(matchAppRoute('/members/7/landing2/chat')).toEqual({
      name: 'members-id-landing2-slug',
      params: { id: '7', slug: 'chat' },
    });
    expect(matchAppRoute('/members/7/landing3/')).toEqual({
      name: 'members-id-landing3-slug',
      params: { id: '7', slug: undefined },
    });
    expect(matchAppRoute('/members/7/landing')?.name).toBe('members-id-landing');
    expect(matchAppRoute('/members/%E2%82%AC/signup')?.params).toEqual({ id: '€' });
    expect(matchAppRoute('/members/7/landing4')).toBeUndefined();
  });

  it('builds paths and router patterns', () => {
    expect(pathFor('members-id-chat', { id: 9 })).toBe('/members/9/chat');
    expect(pathFor('credits-id-paymentmethod', { id: 2 })).toBe('/credits/2');
    expect(toRouterPath('/credits/{id}/{paymentmethod?}')).toBe('/credits/:id/:paymentmethod?');
  });
});
