import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersApi } from '@web/api/endpoints';
import { settingsApi } from '@web/api/endpoints';
import { callApi } from './call-api';
import { isLocale } from '@contract/locales';
import { queryKeys } from '@web/api/query-keys';

// spec §7: settings, interests, regions and company info are loaded once and cached.
const ONCE = { staleTime: Infinity, gcTime: Infinity } as const;

export const settingsQuery = (locale: string) =>
  queryOptions({
    queryKey: queryKeys.settings(locale),
    queryFn: ({ signal }) =>
      callApi(settingsApi.settings, {
        query: { locale: isLocale(locale) ? locale : undefined },
        signal,
      }).then((answer) => answer.settings),
    ...ONCE,
  });

export const companyInfoQuery = queryOptions({
  queryKey: queryKeys.companyInfo,
  queryFn: ({ signal }) =>
    callApi(settingsApi.companyInfo, { signal }).then((answer) => answer.company),
  ...ONCE,
});

export const interestsQuery = queryOptions({
  queryKey: queryKeys.interests,
  queryFn: ({ signal }) =>
    callApi(settingsApi.interests, { signal }).then((answer) => answer.interests),
  ...ONCE,
});

export const regionsQuery = queryOptions({
  queryKey: queryKeys.regions,
  queryFn: ({ signal }) =>
    callApi(settingsApi.regions, { signal }).then((answer) => answer.regions),
  ...ONCE,
});

/**
 * The "Meet some of our members" strip depends on who looks (blocks either way hide members,
 * issue 23 item 12): the key names the viewer, and the strip is read afresh on every visit, so
 * neither a visitor's list nor one from before a block is shown after login or a block; with
 * nothing kept after the page is left, a member who logs in as someone else reads it anew too.
 */
export const featuredQuery = (
  viewer: 'member' | 'visitor',
  trafficSource: { network?: string; ref?: string },
) =>
  queryOptions({
    queryKey: queryKeys.featured(viewer, trafficSource),
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) =>
      callApi(membersApi.featured, { query: trafficSource, signal }).then(
        (answer) => answer.profiles,
      ),
  });
export const useCompanyInfo = () => useQuery(companyInfoQuery);
