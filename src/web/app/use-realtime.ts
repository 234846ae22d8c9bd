import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SOCKET_PATH } from '@contract/api-routes/socket';
import { registerLiveUpdates } from '@web/api/live-updates';
import { dispatchResync, dispatchServerEvent, setRealtimeStatus } from '@web/api/realtime-events';
import { useUser, userQuery } from '@web/api/user-api';

/** The socket's address on the page's own host (the server checks the Origin against it). */
export const socketUrlOf = (location: Pick<Location, 'protocol' | 'host'>) =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`;

/**
 * One socket per tab while logged in (issue 9 §4), started at the app root. When it cannot
 * connect, nothing else changes: the periodic refetch of user, likes and chats (spec §4, §9)
 * keeps running underneath and is the fallback.
 */
export function useRealtime() {
  const queryClient = useQueryClient();
  const { user } = useUser();
  const loggedIn = Boolean(user);

  useEffect(() => registerLiveUpdates(queryClient), [queryClient]);

  useEffect(() => {
    if (!loggedIn || typeof WebSocket === 'undefined') return;
    let disposed = false;
    let stop = () => {
      disposed = true;
    };
    // Loaded for members only: the socket client checks frames with the contract's zod
    // schemas, which a visitor's first page load does without (issue 25 item 6).
    void import('./realtime-socket').then(({ RealtimeSocket }) => {
      if (disposed) return;
      const socket = new RealtimeSocket({
        url: socketUrlOf(window.location),
        onEvent: dispatchServerEvent,
        onResync: dispatchResync,
        onStatus: setRealtimeStatus,
        // Logged out elsewhere: user.php tells the app, which then shows the visitor's pages.
        // Still logged in (a new session for this browser, e.g. its sockets closed by the
        // heartbeat's backstop before a renewal reached them): connect with it.
        onSessionEnded: () =>
          void queryClient.fetchQuery({ ...userQuery, staleTime: 0 }).then(
            (user) => {
              if (user && !disposed) socket.start();
            },
            () => undefined,
          ),
      });
      const retry = () => socket.retryNow();
      window.addEventListener('online', retry);
      socket.start();
      stop = () => {
        disposed = true;
        window.removeEventListener('online', retry);
        socket.stop();
      };
    });
    return () => stop();
  }, [loggedIn, queryClient]);
}
