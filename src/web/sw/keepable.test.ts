import { describe, expect, it } from 'vitest';
import { keepable, keepableShell } from './keepable';

const ORIGIN = 'https://amora.example';

/** An answer as the worker's fetch gives it (a constructed Response cannot be `basic`). */
function answer({
  url = `${ORIGIN}/assets/index-abc.js`,
  status = 200,
  type = 'basic',
  redirected = false,
  headers = {} as Record<string, string>,
} = {}): Response {
  return { url, status, type, redirected, headers: new Headers(headers) } as Response;
}

describe('what the worker may keep (issue 29 item 1)', () => {
  it('keeps a whole answer of its own origin for the address asked', () => {
    const file = answer({ headers: { 'cache-control': 'public, max-age=31536000, immutable' } });
    expect(keepable(file, '/assets/index-abc.js', ORIGIN)).toBe(true);
  });

  it('never keeps an answer marked no-store or private', () => {
    for (const cacheControl of [
      'no-store',
      'no-cache, no-store, must-revalidate',
      'private',
      'private, max-age=60',
      'PRIVATE',
    ]) {
      const file = answer({ headers: { 'cache-control': cacheControl } });
      expect(keepable(file, '/assets/index-abc.js', ORIGIN), cacheControl).toBe(false);
    }
  });

  it('never keeps a redirect, another origin, another address, an opaque or partial answer', () => {
    const path = '/assets/index-abc.js';
    expect(keepable(answer({ redirected: true }), path, ORIGIN)).toBe(false);
    expect(keepable(answer({ url: `https://elsewhere.example${path}` }), path, ORIGIN)).toBe(false);
    expect(keepable(answer({ url: `${ORIGIN}/media/photo.webp` }), path, ORIGIN)).toBe(false);
    expect(keepable(answer({ type: 'opaque' }), path, ORIGIN)).toBe(false);
    expect(keepable(answer({ status: 206 }), path, ORIGIN)).toBe(false);
    expect(keepable(answer({ status: 404 }), path, ORIGIN)).toBe(false);
  });

  it('keeps as the shell only a page', () => {
    const url = `${ORIGIN}/app-shell.html`;
    const page = answer({ url, headers: { 'content-type': 'text/html; charset=utf-8' } });
    expect(keepableShell(page, '/app-shell.html', ORIGIN)).toBe(true);
    const photo = answer({ url, headers: { 'content-type': 'image/webp' } });
    expect(keepableShell(photo, '/app-shell.html', ORIGIN)).toBe(false);
    const json = answer({ url, headers: { 'content-type': 'application/json' } });
    expect(keepableShell(json, '/app-shell.html', ORIGIN)).toBe(false);
  });
});
