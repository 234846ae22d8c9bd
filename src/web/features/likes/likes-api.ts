import { infiniteQueryOptions } from '@tanstack/react-query';
import type { LikesType } from '@contract/discovery';
import { likesApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { queryKeys } from '@web/api/query-keys';

/**
 * One likes list, page by page (keyset cursors). The key starts with the likes summary's, so
 * a like, an unlike or an opened liked-by profile refreshes the lists as well.
 */
export const likesPageQuery = (type: LikesType) =>
  infiniteQueryOptions({
    queryKey: queryKeys.likes.page(type),
    queryFn: ({ pageParam, signal }) =>
      callApi(likesApi.page, {
        query: { type, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
