import { describe, expect, it } from 'vitest';
import { matchShownAppRoute } from './route-params';
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
      '/landers/gallery',
      '/landers/gallery/women',
      '/landers/video/',
      '/landers/tinderswipe',
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
    // spec §2: tinderswipe takes no slug; unknown landers are no page.
    for (const path of [
      '/no-such-page',
      '/pages/secret',
      '/landers/unknown',
      '/landers/unknown/women',
      '/landers/tinderswipe/women',
      '/landers/gallery/women/more',
      '/members/7/x/y',
    ]) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });

  it('names the matched route and its parameters', () => {
    expect(matchAppRoute('/landers/gallery/women')).toEqual({
      name: 'landers-slug',
      params: { lander: 'gallery', slug: 'women' },
    });
    expect(matchAppRoute('/landers/tinderswipe')).toEqual({
      name: 'landers-slug',
      params: { lander: 'tinderswipe', slug: undefined },
    });
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

  it('has the language choice and the static pages by token (issue 25 item 4)', () => {
    expect(matchAppRoute('/lang-config')?.name).toBe('lang-config');
    expect(matchAppRoute('/faq')).toEqual({ name: 'pages-token', params: { token: 'faq' } });
    expect(matchAppRoute('/return-policy/')?.params).toEqual({ token: 'return-policy' });
    // spec §2: unknown tokens are no page (the app's 404, status 404); /pricing keeps its own.
    for (const path of ['/no-such-page', '/secret', '/faq/more', '/pages']) {
      expect(isAppRoute(path), path).toBe(false);
    }
    expect(matchAppRoute('/pricing')?.name).toBe('pricing');
    expect(matchAppRoute('/login')?.name).toBe('login');
  });

  it('builds paths and router patterns', () => {
    expect(pathFor('members-id-chat', { id: 9 })).toBe('/members/9/chat');
    expect(pathFor('credits-id-paymentmethod', { id: 2 })).toBe('/credits/2');
    expect(toRouterPath('/credits/{id}/{paymentmethod?}')).toBe('/credits/:id/:paymentmethod?');
  });

  // Issue 29 item 17: a value the page cannot show is no page (a 404), not a soft 404.
  it('accepts only the parameter values each route takes', () => {
    const isShown = (path: string) => matchShownAppRoute(path) !== undefined;
    for (const path of [
      '/likes/liked',
      '/likes/liked-by',
      '/likes/matches',
      '/credits/starter',
      '/credits/starter/ideal',
      '/transactions',
      '/transactions/12',
      '/chats/12',
      '/members/12',
      '/members/12/chat',
      '/likes/m/12',
    ]) {
      expect(isShown(path), path).toBe(true);
    }
    expect(matchShownAppRoute('/members/%E2%82%AC/signup')).toBeUndefined();
    for (const path of [
      '/likes/received',
      '/credits/starter/bitcoin',
      '/credits/Starter!',
      '/transactions/abc',
      '/transactions/0',
      '/transactions/99999999999',
      '/chats/abc',
      '/members/abc',
      '/members/0/chat',
      '/members/1e3/landing',
      '/likes/m/x',
    ]) {
      expect(isShown(path), path).toBe(false);
    }
  });
});
