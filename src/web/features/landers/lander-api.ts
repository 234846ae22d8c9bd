import { queryOptions } from '@tanstack/react-query';
import { landersApi } from '@web/api/endpoints';
import type { QueryInput } from '@contract/endpoint';
import { callApi } from '@web/api/call-api';
import { queryKeys } from '@web/api/query-keys';

/** The lander, its slug, the map's country and the visitor's tracking values (spec §3, §6). */
export type LanderRequest = QueryInput<typeof landersApi.lander>;

/** What one lander shows; the viewer is part of the key, as a member's answer leaves out blocks. */
export const landerQuery = (viewer: 'member' | 'visitor', request: LanderRequest) =>
  queryOptions({
    queryKey: queryKeys.lander(viewer, request),
    queryFn: ({ signal }) => callApi(landersApi.lander, { query: request, signal }),
  });
