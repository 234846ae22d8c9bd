import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '@web/api/endpoints';
import { pathFor } from '@contract/routes';
import { onApiError } from '@web/api/api-client';
import { callApi } from '@web/api/call-api';
import { openSignupModal } from '@web/components/signup-modal-store';
import { useUser } from '@web/api/user-api';
import { onLocaleChange } from '@web/i18n/use-change-locale';
import { queryKeys } from '@web/api/query-keys';

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
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    const start = setTimeout(() => {
      refresh();
      interval = setInterval(refresh, refreshIntervalMs(false));
    }, FIRST_REFRESH_MS);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [loggedIn, queryClient]);

  // spec §8: a 403 authentication_required on any call but user.php logs the member out. A
  // visitor asking for what needs an account (spec §6) is offered the signup modal instead.
  useEffect(
    () =>
      onApiError((error, path) => {
        if (
          error.status !== 403 ||
          error.code !== 'authentication_required' ||
          path === authApi.user.path
        )
          return;
        if (!queryClient.getQueryData(queryKeys.user)) {
          openSignupModal();
          return;
        }
        queryClient.setQueryData(queryKeys.user, null);
        void navigate(pathFor('login'));
      }),
    [navigate, queryClient],
  );

  // spec §7: after a locale change while logged in, PUT /api/user.php { language }.
  useEffect(
    () =>
      onLocaleChange((language) => {
        if (!loggedIn) return;
        void callApi(authApi.changeLanguage, { body: { language } }).catch(() => undefined);
      }),
    [loggedIn],
  );
}
