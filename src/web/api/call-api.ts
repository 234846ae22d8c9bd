import type { AnswerOf, BodyInput, Endpoint, QueryInput, TypedRoute } from '@contract/endpoint';
import { type ApiRequest, apiRequest } from './api-client';

export interface CallInput<E extends Endpoint> {
  query?: QueryInput<E>;
  body?: BodyInput<E>;
  signal?: AbortSignal;
}

/**
 * Calls one contract endpoint (DESIGN.md §2) by its route (`@web/api/endpoints`): method and
 * path from the contract's route table, the input and the answer typed from its schemas.
 */
export function callApi<E extends Endpoint>(
  route: TypedRoute<E>,
  { query, body, signal }: CallInput<E> = {},
): Promise<AnswerOf<E>> {
  return apiRequest<AnswerOf<E>>(route.path, {
    method: route.method,
    query: query as ApiRequest['query'],
    body,
    signal,
  });
}
