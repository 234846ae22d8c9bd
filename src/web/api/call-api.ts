import type { AnswerOf, BodyInput, Endpoint, QueryInput } from '@contract/endpoint';
import { type ApiRequest, apiRequest } from './api-client';

export interface CallInput<E extends Endpoint> {
  query?: QueryInput<E>;
  body?: BodyInput<E>;
  signal?: AbortSignal;
}

/**
 * Calls one contract endpoint (DESIGN.md §2): its method and path come from the object, the
 * input is typed from its schemas, and the answer is parsed with its answer schema.
 */
export function callApi<E extends Endpoint>(
  endpoint: E,
  { query, body, signal }: CallInput<E> = {},
): Promise<AnswerOf<E>> {
  if (!endpoint.answer) throw new Error(`${endpoint.path} is a link, not a call`);
  return apiRequest(endpoint.path, endpoint.answer, {
    method: endpoint.method,
    query: query as ApiRequest['query'],
    body,
    signal,
  }) as Promise<AnswerOf<E>>;
}
