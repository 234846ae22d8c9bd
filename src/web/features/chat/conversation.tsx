import { useEffect, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import type { ChatMessage, ConversationAnswer } from '@contract/chat';
import { isDeletedPartner } from '@contract/chat-partner';
import { BuyCreditsPrompt, type PurchasePromptKind } from '@web/components/buy-credits-prompt';
import { useDocumentTitle } from '@web/components/use-document-title';
import { Composer } from './composer';
import { ConnectionNotice } from './connection-notice';
import { ConversationHeader } from './conversation-header';
import { DeletedPartnerNotice } from './deleted-partner-notice';
import { usePartnerName } from './partner-name';
import { GiftPicker } from './gift-picker';
import { MessageBubble, PendingBubble } from './message-bubble';
import { MessageList } from './message-list';
import { PhotoPreview } from './photo-preview';
import { type ReportTarget, ReportDialog } from '@web/components/report-dialog';
import { usePartnerTyping } from './typing-store';
import { useChatEvents } from './use-chat-events';
import { useHistory } from './use-history';
import { useMarkRead } from './use-mark-read';
import { useDraft } from './use-draft';
import { arrivedPending } from './pending-arrivals';
import { type Draft, type OnPurchasePrompt, useSendQueue } from './use-send-queue';
import { useTypingSignal } from './use-typing-signal';

/**
 * One open conversation (spec §2 chats-id, members-id-chat; issue 9): the partner's header,
 * the history, what is on its way, the composer, and the dialogs for gifts, reports and
 * purchases. With a partner who deleted their account (issue 31 item 7) the history stays,
 * and a notice takes the composer's place.
 */
export function Conversation({ answer }: { answer: ConversationAnswer }) {
  const { t } = useTranslation('chat');
  const { partner, terms } = answer;
  const gone = isDeletedPartner(partner);
  const name = usePartnerName()(partner);
  const conversationId = answer.conversation_id;
  const [prompt, setPrompt] = useState<PurchasePromptKind | null>(null);
  const [draftKept, setDraftKept] = useState(false);
  const [giftsOpen, setGiftsOpen] = useState(false);
  const [photo, setPhoto] = useState<{ file: File; previewUrl: string } | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const history = useHistory(answer);
  const draft = useDraft(partner.id);
  // issue 23 item 9: a message refused for credits or premium comes back where it was
  // written (a photo to its preview), kept through the purchase, sent again only by the member.
  const onPurchasePrompt: OnPurchasePrompt = (kind, refused) => {
    if (refused.kind === 'text') draft.restore(refused.text);
    if (refused.kind === 'photo') setPhoto({ file: refused.file, previewUrl: refused.previewUrl });
    setDraftKept(refused.kind !== 'gift');
    setPrompt(kind);
  };
  const queue = useSendQueue(partner.id, onPurchasePrompt);
  const typing = usePartnerTyping(conversationId);
  const notifyTyping = useTypingSignal(conversationId);
  const isMine = (message: ChatMessage) => message.sender_id !== partner.id;
  useMarkRead(conversationId, history.messages, partner.id);
  useChatEvents(answer, history.noteRead);
  useDocumentTitle(gone ? t('deletedPartner.title') : t('titleWith', { name }));

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
      name,
      message: message.id,
      ...(message.kind === 'photo' ? { reason: 'unwanted_photo' as const } : {}),
    });
  const send = (draft: Draft) => queue.send(draft, history.messages.at(-1)?.id ?? 0);
  // A message whose echo arrived before its send answered shows once, from the history.
  const arrived = arrivedPending(queue.pending, history.messages, isMine);
  const pending = queue.pending.filter((entry) => !arrived.has(entry.clientKey));
  const lastKey = `${history.messages.at(-1)?.id ?? 0}:${pending.length}:${typing}`;
  return (
    <div className="chat-page d-flex flex-column">
      <ConversationHeader
        partner={partner}
        typing={typing}
        onReport={() => setReporting({ member: partner.id, name })}
      />
      <ConnectionNotice />
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
            partnerName={name}
            onReport={gone ? undefined : reportMessage}
          />
        )}
        footer={
          <>
            {!gone && history.messages.length === 0 && pending.length === 0 && (
              <li className="text-center text-body-secondary py-4">
                {t('firstMessage', { name })}
              </li>
            )}
            {pending.map((entry) => (
              <PendingBubble
                key={entry.clientKey}
                pending={entry}
                onRetry={() => queue.retry(entry.clientKey)}
                onDiscard={() => queue.discard(entry.clientKey)}
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
            send({
              kind: 'photo',
              file: photo.file,
              previewUrl: URL.createObjectURL(photo.file),
            });
            setPhoto(null);
          }}
        />
      )}
      {gone ? (
        <DeletedPartnerNotice />
      ) : (
        <Composer
          terms={terms}
          text={draft.text}
          onTextChange={draft.change}
          started={conversationId !== null}
          onSendText={(text) => send({ kind: 'text', text })}
          onPhoto={(file) => setPhoto({ file, previewUrl: URL.createObjectURL(file) })}
          onGift={() => setGiftsOpen(true)}
          onTyping={notifyTyping}
        />
      )}
      <GiftPicker
        show={giftsOpen}
        cost={terms.costs.gift}
        partnerName={name}
        onClose={() => setGiftsOpen(false)}
        onPick={(giftId) => {
          setGiftsOpen(false);
          send({ kind: 'gift', giftId });
        }}
      />
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      <BuyCreditsPrompt prompt={prompt} draftKept={draftKept} onClose={() => setPrompt(null)} />
    </div>
  );
}
