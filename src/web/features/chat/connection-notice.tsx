import { useSyncExternalStore } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { useRealtimeStatus } from '@web/api/realtime-events';
import { ChatIcon } from './chat-icons';

function subscribeToNetwork(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it has a network (it can be wrong only the hopeful way). */
const useOnline = () =>
  useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine,
    () => true,
  );

/**
 * A quiet line under the conversation's header while its socket is down (issue 9 §4): the
 * history still follows through the 10-second refetch (spec §4, chat-api.ts), only not at
 * once. Nothing shows while connecting the first time or while live. The live region stays in
 * the page, empty, so that a screen reader hears the line when it comes.
 */
export function ConnectionNotice() {
  const { t } = useTranslation('chat');
  const status = useRealtimeStatus();
  const online = useOnline();
  const text = !online
    ? t('connection.offline')
    : status === 'reconnecting'
      ? t('connection.reconnecting')
      : null;
  return (
    <div role="status" className={text ? 'chat-connection small text-center py-1' : undefined}>
      {text && (
        <span className="d-inline-flex align-items-center gap-1">
          <ChatIcon name={online ? 'retry' : 'clock'} size={14} />
          {text}
        </span>
      )}
    </div>
  );
}
