import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-query-keys';
import { inboxApi } from './admin-api';

/**
 * Live updates of the inbox (issue 30 item 3): the staff event stream says "the queue
 * changed" and the queue and the open conversation are read again. EventSource reconnects by
 * itself; each (re)connection opens with such an event, so nothing missed meanwhile is lost.
 */
export function useInboxEvents(openConversation: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource(inboxApi.events.path);
    source.onmessage = () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.inbox });
      void queryClient.invalidateQueries({ queryKey: adminKeys.figures });
      if (openConversation !== undefined)
        void queryClient.invalidateQueries({
          queryKey: adminKeys.conversation(openConversation),
        });
    };
    return () => source.close();
  }, [queryClient, openConversation]);
}
