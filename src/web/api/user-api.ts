import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  accountAnswerSchema,
  okAnswerSchema,
  userAnswerSchema,
  type LoggedInUser,
} from '@contract/account';
import { apiRequest } from './api-client';

export const USER_QUERY_KEY = ['user'] as const;

export const userQuery = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: ({ signal }) =>
    apiRequest('/api/user.php', userAnswerSchema, { signal }).then((answer) => answer.user),
  staleTime: 30_000,
});

/** The logged-in member's record (spec §3), or null for a visitor. */
export function useUser(): { user: LoggedInUser | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(userQuery);
  return { user: data ?? null, isLoading };
}

/** Every call that answers { user } refreshes the cached record with it. */
export function useUserMutation<Body>(path: string, method: 'POST' | 'PUT' = 'POST') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest(path, userAnswerSchema, { method, body }),
    onSuccess: (answer) => queryClient.setQueryData(USER_QUERY_KEY, answer.user),
  });
}

export function useOkMutation<Body>(path: string, method: 'POST' | 'PUT' = 'POST') {
  return useMutation({
    mutationFn: (body: Body) => apiRequest(path, okAnswerSchema, { method, body }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/logout.php', okAnswerSchema),
    onSettled: () => {
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== 'user' && query.queryKey[0] !== 'settings',
      });
    },
  });
}

export const accountQuery = queryOptions({
  queryKey: ['account'],
  queryFn: ({ signal }) =>
    apiRequest('/api/account.php', accountAnswerSchema, { signal }).then(
      (answer) => answer.account,
    ),
});

export const emptyAnswerSchema = z.object({}).loose();
