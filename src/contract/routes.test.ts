import { describe, expect, it } from 'vitest';
import { isAppRoute, pathFor, toRouterPath } from './routes';

describe('route table (spec §2)', () => {
  it('recognises the spec routes and nothing else', () => {
    for (const path of [
      '/',
      '/members/7',
      '/members/7/landing3',
      '/likes/m/3',
      '/transactions',
      '/pages/faq',
      '/landers/tinderswipe',
    ]) {
      expect(isAppRoute(path), path).toBe(true);
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
