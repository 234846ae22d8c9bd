import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { ChatListEntry } from '@contract/chat';
import { pathFor } from '@contract/routes';
import { chatsQuery } from '@web/api/chats-query';
import { apiErrorText } from '@web/components/api-error-text';
import { LoadMore } from '@web/components/load-more';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { ChatIcon } from './chat-icons';
import { ChatListItem } from './chat-list-item';
import { DeleteChatDialog } from './delete-chat-dialog';
import { useDeleteChat } from './use-delete-chat';
import './chat.scss';

function EmptyList() {
  const { t } = useTranslation('chat');
  return (
    <div className="text-center py-5 px-3 bg-body-tertiary rounded-4">
      <span className="text-primary">
        <ChatIcon name="send" size={40} />
      </span>
      <h2 className="h5 mt-3">{t('list.emptyTitle')}</h2>
      <p className="text-body-secondary mx-auto" style={{ maxWidth: '28rem' }}>
        {t('list.emptyText')}
      </p>
      <Link to={pathFor('members')} className="btn btn-primary">
        {t('list.findMembers')}
      </Link>
    </div>
  );
}

function ChatList() {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  const { data, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useInfiniteQuery(chatsQuery);
  const deleteChat = useDeleteChat();
  const [confirming, setConfirming] = useState<ChatListEntry | null>(null);

  if (error && !data) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
        <span className="me-auto">{apiErrorText(tCommon, error)}</span>
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          onClick={() => void refetch()}
        >
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!data) return <PageSpinner />;
  const chats = data.pages.flatMap((page) => page.chats);
  return (
    <>
      {deleteChat.isError && (
        <div className="alert alert-danger alert-dismissible" role="alert">
          {t('delete.failed')} {apiErrorText(tCommon, deleteChat.error)}
          <button
            type="button"
            className="btn-close"
            aria-label={t('close')}
            onClick={() => deleteChat.reset()}
          />
        </div>
      )}
      {chats.length === 0 ? (
        <EmptyList />
      ) : (
        <ul
          className="chat-list list-unstyled mb-0 bg-body rounded-4 shadow-sm"
          aria-label={t('list.label')}
        >
          {chats.map((entry) => (
            <ChatListItem key={entry.conversation.id} entry={entry} onDelete={setConfirming} />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={Boolean(hasNextPage)}
        loading={isFetchingNextPage}
        onMore={() => void fetchNextPage()}
        label={t('list.more')}
      />
      <DeleteChatDialog
        partner={confirming?.profile ?? null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) deleteChat.mutate(confirming.conversation.id);
          setConfirming(null);
        }}
      />
    </>
  );
}

/** /chats: the member's conversations, newest first (spec §2 chats, §3, §4). */
export function ChatsPage() {
  const { t } = useTranslation('chat');
  useDocumentTitle(t('list.title'));
  return (
    <section className="container chat-list-page py-4 py-md-5">
      <h1 className="h2 mb-4">{t('list.title')}</h1>
      <RequireLogin>
        <ChatList />
      </RequireLogin>
    </section>
  );
}
