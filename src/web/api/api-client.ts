import type { z } from 'zod';
import { authApi } from '@contract/endpoints/auth';
import { errorAnswerSchema } from '@contract/errors';
import { ApiError } from './api-error';

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
 * The one API client: every answer is parsed with its contract schema, so the types the app
 * sees are the types the server promised. Retries are the query layer's job (see query-client).
 */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  { method = 'GET', query, body, signal }: ApiRequest = {},
): Promise<z.infer<Schema>> {
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
    const parsed = errorAnswerSchema.safeParse(payload);
    const error = new ApiError(
      response.status,
      parsed.success ? parsed.data.error : 'internal_error',
      parsed.success ? parsed.data : {},
    );
    errorListeners.forEach((listener) => listener(error, url.pathname));
    throw error;
  }
  return schema.parse(payload);
}
