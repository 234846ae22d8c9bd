import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { featuredAnswerSchema } from '@contract/members';
import {
  companyInfoAnswerSchema,
  interestsAnswerSchema,
  regionsAnswerSchema,
  settingsAnswerSchema,
} from '@contract/settings';
import { apiRequest } from './api-client';

// spec §7: settings, interests, regions and company info are loaded once and cached.
const ONCE = { staleTime: Infinity, gcTime: Infinity } as const;

export const settingsQuery = (locale: string) =>
  queryOptions({
    queryKey: ['settings', locale],
    queryFn: ({ signal }) =>
      apiRequest('/api/settings.php', settingsAnswerSchema, { query: { locale }, signal }).then(
        (answer) => answer.settings,
      ),
    ...ONCE,
  });

export const companyInfoQuery = queryOptions({
  queryKey: ['companyinfo'],
  queryFn: ({ signal }) =>
    apiRequest('/api/companyinfo.php', companyInfoAnswerSchema, { signal }).then(
      (answer) => answer.company,
    ),
  ...ONCE,
});

export const interestsQuery = queryOptions({
  queryKey: ['interests'],
  queryFn: ({ signal }) =>
    apiRequest('/api/interests.php', interestsAnswerSchema, { signal }).then(
      (answer) => answer.interests,
    ),
  ...ONCE,
});

export const regionsQuery = queryOptions({
  queryKey: ['regions'],
  queryFn: ({ signal }) =>
    apiRequest('/api/regions.php', regionsAnswerSchema, { signal }).then(
      (answer) => answer.regions,
    ),
  ...ONCE,
});

export const featuredQuery = (trafficSource: { network?: string; ref?: string }) =>
  queryOptions({
    queryKey: ['featured', trafficSource],
    queryFn: ({ signal }) =>
      apiRequest('/api/featured.php', featuredAnswerSchema, { query: trafficSource, signal }).then(
        (answer) => answer.profiles,
      ),
  });

export const useCompanyInfo = () => useQuery(companyInfoQuery);
export const useSuspenseCompanyInfo = () => useSuspenseQuery(companyInfoQuery);
