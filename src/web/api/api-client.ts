import { type ApiError, apiErrorOf } from './api-error';
import { authApi } from './endpoints';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

type Listener = (error: ApiError, path: string) => void;
const errorListeners = new Set<Listener>();

/** Lets the app react to failures centrally (spec §8: authentication_required logs out). */
export function onApiError(listener: Listener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

// Production names the cookie with the __Host- prefix (server: features/auth/cookie-policy).
const CSRF_COOKIE_PREFIXES = ['__Host-csrf=', 'csrf='];

/** The CSRF token to echo in X-CSRF-Token (the server's double-submit cookie). */
export function csrfToken(): string | undefined {
  const parts = document.cookie.split('; ');
  for (const prefix of CSRF_COOKIE_PREFIXES) {
    const part = parts.find((candidate) => candidate.startsWith(prefix));
    if (part) return part.slice(prefix.length);
  }
  return undefined;
}

/**
 * The one API client. Answers are typed by the contract (callApi) and not parsed again here:
 * the server writes each one through its answer schema, so the browser need not load zod to
 * read them (docs/decisions.md, issue 25 item 6). Retries are the query layer's job (see
 * query-client).
 */
export async function apiRequest<Answer>(
  path: string,
  { method = 'GET', query, body, signal }: ApiRequest = {},
): Promise<Answer> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  // spec §7: user.php requests carry X-Request-Type: client.
  if (path === authApi.user.path) headers['x-request-type'] = 'client';
  const token = csrfToken();
  // Sent on every call: state-changing GETs such as spec §7's logout.php ask for it too.
  if (token) headers['x-csrf-token'] = token;

  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const payload: unknown = response.status === 204 ? {} : await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = apiErrorOf(response.status, payload);
    errorListeners.forEach((listener) => listener(error, url.pathname));
    throw error;
  }
  return payload as Answer;
}
