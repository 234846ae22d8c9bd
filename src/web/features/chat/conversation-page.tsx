import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, useParams } from 'react-router';
import { pathFor } from '@contract/routes';
import { ApiError } from '@web/api/api-error';
import { useRealtimeStatus } from '@web/api/realtime-events';
import { apiErrorText } from '@web/components/api-error-text';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { type ConversationRef, conversationQuery } from './chat-api';
import { Conversation } from './conversation';
import './chat.scss';
import './chat-motion.scss';

function Unavailable() {
  const { t } = useTranslation('chat');
  return (
    <div className="container py-5 text-center">
      <h1 className="h3">{t('unavailable.title')}</h1>
      <p className="text-body-secondary">{t('unavailable.text')}</p>
      <Link to={pathFor('chats')} className="btn btn-primary">
        {t('backToList')}
      </Link>
    </div>
  );
}

function ConversationLoader({ conversationRef }: { conversationRef: ConversationRef }) {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  // spec §4: while the socket is down, the periodic refetch keeps the conversation current.
  const status = useRealtimeStatus();
  const { data, error, refetch } = useQuery(conversationQuery(conversationRef, status));
  if (error instanceof ApiError && error.status === 404) return <Unavailable />;
  if (error && !data) {
    return (
      <div className="container py-5">
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
      </div>
    );
  }
  if (!data) return <PageSpinner />;
  return <Conversation answer={data} />;
}

function useIdParam(): number | null {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /chats/{id}: one conversation by its id (spec §2 chats-id). */
export function ChatPage() {
  const id = useIdParam();
  return (
    <RequireLogin>
      {id === null ? (
        <Unavailable />
      ) : (
        <ConversationLoader key={id} conversationRef={{ conversation: id }} />
      )}
    </RequireLogin>
  );
}

/** /members/{id}/chat: the conversation with a member, started by the first message (spec §2). */
export function MemberChatPage() {
  const id = useIdParam();
  return (
    <RequireLogin>
      {id === null ? (
        <Unavailable />
      ) : (
        <ConversationLoader key={id} conversationRef={{ member: id }} />
      )}
    </RequireLogin>
  );
}
