import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ChatMessage, ConversationAnswer } from '@contract/chat';
import { pathFor } from '@contract/routes';
import { ApiError } from '@web/api/api-error';
import { apiErrorText } from '@web/components/api-error-text';
import { BuyCreditsPrompt, type PurchasePromptKind } from '@web/components/buy-credits-prompt';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { type ConversationRef, conversationQuery } from './chat-api';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import { GiftPicker } from './gift-picker';
import { MessageBubble, PendingBubble } from './message-bubble';
import { MessageList } from './message-list';
import { PhotoPreview } from './photo-preview';
import { type ReportTarget, ReportDialog } from './report-dialog';
import { usePartnerTyping } from './typing-store';
import { useChatEvents } from './use-chat-events';
import { useHistory } from './use-history';
import { useMarkRead } from './use-mark-read';
import { useSendQueue } from './use-send-queue';
import { useTypingSignal } from './use-typing-signal';
import './chat.scss';

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

function Conversation({ answer }: { answer: ConversationAnswer }) {
  const { t } = useTranslation('chat');
  const { partner, terms } = answer;
  const conversationId = answer.conversation_id;
  const [prompt, setPrompt] = useState<PurchasePromptKind | null>(null);
  const [giftsOpen, setGiftsOpen] = useState(false);
  const [photo, setPhoto] = useState<{ file: File; previewUrl: string } | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const history = useHistory(answer);
  const queue = useSendQueue(partner.id, setPrompt);
  const typing = usePartnerTyping(conversationId);
  const notifyTyping = useTypingSignal(conversationId);
  const isMine = (message: ChatMessage) => message.sender_id !== partner.id;
  useMarkRead(conversationId, history.messages, partner.id);
  useChatEvents(answer);
  useDocumentTitle(t('titleWith', { name: partner.name }));

  // A chosen photo's preview lives until it is sent or dropped.
  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.previewUrl);
    },
    [photo],
  );

  const reportMessage = (message: ChatMessage) =>
    setReporting({
      member: partner.id,
      name: partner.name,
      message: message.id,
      ...(message.kind === 'photo' ? { reason: 'unwanted_photo' as const } : {}),
    });
  const lastKey = `${history.messages.at(-1)?.id ?? 0}:${queue.pending.length}:${typing}`;
  return (
    <div className="chat-page d-flex flex-column">
      <ConversationHeader
        partner={partner}
        typing={typing}
        onReport={() => setReporting({ member: partner.id, name: partner.name })}
      />
      <MessageList
        messages={history.messages}
        lastKey={lastKey}
        hasOlder={history.hasOlder}
        loadingOlder={history.loadingOlder}
        olderError={history.olderError}
        onLoadOlder={() => void history.loadOlder()}
        renderMessage={(message) => (
          <MessageBubble
            key={message.id}
            message={message}
            mine={isMine(message)}
            partnerName={partner.name}
            onReport={reportMessage}
          />
        )}
        footer={
          <>
            {history.messages.length === 0 && queue.pending.length === 0 && (
              <li className="text-center text-body-secondary py-4">
                {t('firstMessage', { name: partner.name })}
              </li>
            )}
            {queue.pending.map((pending) => (
              <PendingBubble
                key={pending.clientKey}
                pending={pending}
                onRetry={() => queue.retry(pending.clientKey)}
                onDiscard={() => queue.discard(pending.clientKey)}
              />
            ))}
            {typing && (
              <li className="chat-message is-theirs">
                <div className="chat-bubble chat-typing" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </div>
              </li>
            )}
          </>
        }
      />
      {photo && (
        <PhotoPreview
          previewUrl={photo.previewUrl}
          cost={terms.costs.photo}
          onCancel={() => setPhoto(null)}
          onSend={() => {
            // The pending bubble takes over the preview address; it frees it when done.
            queue.send({
              kind: 'photo',
              file: photo.file,
              previewUrl: URL.createObjectURL(photo.file),
            });
            setPhoto(null);
          }}
        />
      )}
      <Composer
        terms={terms}
        started={conversationId !== null}
        onSendText={(text) => queue.send({ kind: 'text', text })}
        onPhoto={(file) => setPhoto({ file, previewUrl: URL.createObjectURL(file) })}
        onGift={() => setGiftsOpen(true)}
        onTyping={notifyTyping}
      />
      <GiftPicker
        show={giftsOpen}
        cost={terms.costs.gift}
        partnerName={partner.name}
        onClose={() => setGiftsOpen(false)}
        onPick={(giftId) => {
          setGiftsOpen(false);
          queue.send({ kind: 'gift', giftId });
        }}
      />
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      <BuyCreditsPrompt prompt={prompt} onClose={() => setPrompt(null)} />
    </div>
  );
}

function ConversationLoader({ conversationRef }: { conversationRef: ConversationRef }) {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  const { data, error, refetch } = useQuery(conversationQuery(conversationRef));
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
