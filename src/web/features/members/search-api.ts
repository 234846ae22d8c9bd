import { infiniteQueryOptions } from '@tanstack/react-query';
import { membersApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { trackingValues } from '@web/components/tracking-values';
import type { SearchFilters } from './search-filters';
import { queryKeys } from '@web/api/query-keys';

/**
 * spec §2 members, §4: pages of 20 by cursor, appended as the member scrolls. The key starts
 * with 'search', which a like invalidates so the cards show the new like state.
 */
export const searchQuery = (filters: SearchFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.search.page(filters),
    queryFn: ({ pageParam, signal }) => {
      // Logged-out search may depend on the traffic source a visitor arrived with (spec §6).
      const { network, ref } = trackingValues();
      return callApi(membersApi.search, {
        query: {
          ...filters,
          ...(pageParam ? { cursor: pageParam } : {}),
          ...(network ? { network } : {}),
          ...(ref ? { ref } : {}),
        },
        signal,
      });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
