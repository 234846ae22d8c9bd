import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { onLocaleChange } from '@web/i18n/use-change-locale';
import { queryKeys } from '@web/api/query-keys';

// spec §9: the user record is refetched every 60 s (300 s with push), starting 5 s after load.
const FIRST_REFRESH_MS = 5_000;
export const refreshIntervalMs = (pushSubscribed: boolean) => (pushSubscribed ? 300_000 : 60_000);

/**
 * The member's side of use-session-sync.ts, mounted with the member-only shell
 * (member-shell.tsx) while a member is logged in.
 */
export function useMemberSessionSync() {
  const queryClient = useQueryClient();
  const pushSubscribed = usePushSubscribed();

  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    const start = setTimeout(() => {
      refresh();
      interval = setInterval(refresh, refreshIntervalMs(pushSubscribed));
    }, FIRST_REFRESH_MS);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [queryClient, pushSubscribed]);

  // spec §4: a chat or like push (the service worker tells every tab) reloads chats and likes.
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type !== 'push') return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.likes.all });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [queryClient]);

  // spec §7: after a locale change while logged in, PUT /api/user.php { language }.
  useEffect(
    () =>
      onLocaleChange((language) => {
        void callApi(authApi.changeLanguage, { body: { language } }).catch(() => undefined);
      }),
    [],
  );
}

/** Whether this browser has a push subscription (spec §9: the slower refresh then). */
function usePushSubscribed(): boolean {
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return;
    let live = true;
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => live && setSubscribed(Boolean(subscription)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return subscribed;
}
