import { queryOptions } from '@tanstack/react-query';
import { paymentsApi } from '@web/api/endpoints';
import { callApi } from './call-api';
import { queryKeys } from '@web/api/query-keys';

/**
 * The bundles and prices for the asker (issue 10 §1): one source for /premium, /credits and
 * /pricing, so the figures agree everywhere. Prices are the server's; a visitor names the
 * country the settings picked, a member's own payment country is used.
 */
export const bundlesQuery = (visitorCountry?: string) =>
  queryOptions({
    queryKey: queryKeys.bundles.forAsker(visitorCountry),
    queryFn: ({ signal }) =>
      callApi(paymentsApi.bundles, {
        query: visitorCountry ? { country: visitorCountry } : {},
        signal,
      }),
  });
