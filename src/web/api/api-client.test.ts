import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, onApiError } from './api-client';

// The client runs in the browser; these tests give it the two globals it reads.
beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'https://site.example' } });
  vi.stubGlobal('document', { cookie: 'locale=nl; csrf=nonce.signature' });
});
afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const headersOf = (fetchMock: ReturnType<typeof answer>) =>
  (fetchMock.mock.calls[0] as unknown as [URL, RequestInit])[1].headers as Record<string, string>;

describe('apiRequest', () => {
  it('marks user.php requests with X-Request-Type: client (spec §7)', async () => {
    const fetchMock = answer(200, { user: null });
    await apiRequest('/api/user.php');
    expect(headersOf(fetchMock)['x-request-type']).toBe('client');
    const other = answer(200, { ok: true });
    await apiRequest('/api/settings.php');
    expect(headersOf(other)['x-request-type']).toBeUndefined();
  });

  it('echoes the CSRF cookie on every call, GETs too (logout.php changes state, spec §7)', async () => {
    const post = answer(200, {});
    await apiRequest('/api/signup.php', { method: 'POST', body: { a: 1 } });
    expect(headersOf(post)['x-csrf-token']).toBe('nonce.signature');
    const get = answer(200, {});
    await apiRequest('/api/logout.php');
    expect(headersOf(get)['x-csrf-token']).toBe('nonce.signature');
  });

  it('reads the __Host- prefixed CSRF cookie of production', async () => {
    vi.stubGlobal('document', { cookie: '__Host-csrf=prod.signature; locale=nl' });
    const post = answer(200, {});
    await apiRequest('/api/signup.php', { method: 'POST', body: {} });
    expect(headersOf(post)['x-csrf-token']).toBe('prod.signature');
  });

  it('turns an error answer into an ApiError with its stable code and tells listeners', async () => {
    answer(403, { error: 'authentication_required' });
    const seen: string[] = [];
    const stop = onApiError((error, path) => seen.push(`${error.code} ${path}`));
    await expect(apiRequest('/api/chats.php')).rejects.toMatchObject({
      status: 403,
      code: 'authentication_required',
    });
    stop();
    expect(seen).toEqual(['authentication_required /api/chats.php']);
  });

  it('reads an error answer without a code as internal_error, never as the answer', async () => {
    answer(502, '<html>Bad gateway</html>');
    await expect(apiRequest('/api/user.php')).rejects.toMatchObject({
      status: 502,
      code: 'internal_error',
    });
  });

  it('keeps the fields and minutes of an error answer', async () => {
    answer(422, { error: 'validation_failed', fields: { email: 'email_invalid' }, minutes: 3 });
    await expect(apiRequest('/api/signup.php', { method: 'POST', body: {} })).rejects.toMatchObject(
      { answer: { fields: { email: 'email_invalid' }, minutes: 3 } },
    );
  });
});
