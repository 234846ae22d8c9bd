import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { userAnswerSchema } from '@contract/account';
import { pathFor } from '@contract/routes';
import { apiRequest, onApiError } from '@web/api/api-client';
import { USER_QUERY_KEY, useUser } from '@web/api/user-api';
import { onLocaleChange } from '@web/i18n/use-change-locale';

// spec §9: the user record is refetched every 60 s (300 s with push), starting 5 s after load.
const FIRST_REFRESH_MS = 5_000;
export const refreshIntervalMs = (pushSubscribed: boolean) => (pushSubscribed ? 300_000 : 60_000);

/** Keeps the logged-in state in step with the server. Mounted once at the app root. */
export function useSessionSync() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useUser();
  const loggedIn = Boolean(user);

  useEffect(() => {
    if (!loggedIn) return;
    let interval: ReturnType<typeof setInterval> | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    const start = setTimeout(() => {
      refresh();
      interval = setInterval(refresh, refreshIntervalMs(false));
    }, FIRST_REFRESH_MS);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [loggedIn, queryClient]);

  // spec §8: a 403 authentication_required on any call but user.php logs the member out.
  useEffect(
    () =>
      onApiError((error, path) => {
        if (
          error.status === 403 &&
          error.code === 'authentication_required' &&
          path !== '/api/user.php'
        ) {
          queryClient.setQueryData(USER_QUERY_KEY, null);
          void navigate(pathFor('login'));
        }
      }),
    [navigate, queryClient],
  );

  // spec §7: after a locale change while logged in, PUT /api/user.php { language }.
  useEffect(
    () =>
      onLocaleChange((language) => {
        if (!loggedIn) return;
        void apiRequest('/api/user.php', userAnswerSchema, {
          method: 'PUT',
          body: { language },
        }).catch(() => undefined);
      }),
    [loggedIn],
  );
}
