import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { callApi } from '@web/api/call-api';
import { adminKeys } from './admin-query-keys';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { inboxApi } from './admin-api';
import { InboxConversationPane } from './inbox-conversation-pane';
import { InboxFigures } from './inbox-figures';
import { InboxQueue } from './inbox-queue';
import { useInboxEvents } from './use-inbox-events';
import { useStaff } from './use-staff';

/** /admin/inbox: the fictional-profile inbox (issue 30 item 3). */
export function InboxPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin.inbox.title'));
  const { staff } = useStaff();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('conversation')) || undefined;
  const queue = useQuery({
    queryKey: adminKeys.inbox,
    queryFn: () => callApi(inboxApi.queue),
    // A lapsed claim frees a conversation without an event: read again now and then.
    refetchInterval: 60_000,
  });
  const [loadedAt] = useState(() => Date.now());
  useInboxEvents(selected);
  const serverNow = queue.data ? Date.parse(queue.data.now) : loadedAt;
  const select = (conversation: number) => setParams({ conversation: String(conversation) });
  return (
    <div className="admin-inbox">
      <section className="admin-pane" aria-labelledby="inbox-heading">
        <div className="d-flex align-items-baseline justify-content-between px-3 pt-2">
          <h1 id="inbox-heading" className="h6 mb-2">
            {t('admin.inbox.title')}{' '}
            <span className="badge text-bg-secondary">{queue.data?.entries.length ?? 0}</span>
          </h1>
        </div>
        {(staff?.role === 'owner' || staff?.role === 'admin') && <InboxFigures />}
        <InboxQueue
          entries={queue.data?.entries ?? []}
          now={serverNow}
          selected={selected}
          onSelect={select}
        />
      </section>
      {selected ? (
        <InboxConversationPane key={selected} conversation={selected} />
      ) : (
        <p className="p-4 text-body-secondary">{t('admin.inbox.choose')}</p>
      )}
    </div>
  );
}
