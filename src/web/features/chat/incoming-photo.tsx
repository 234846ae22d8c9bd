import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import type { ChatMessage } from '@contract/chat';
import { chatApi, chatPhotoFileApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { apiErrorText } from '@web/components/api-error-text';
import { updateConversations, withMessage } from './chat-api';
import { ChatIcon } from './chat-icons';

/** Where a photo message's picture comes from, for whom may see it. */
export function chatPhotoUrl(message: ChatMessage): string {
  return message.photo?.url ?? `${chatPhotoFileApi.path}?message=${message.id}`;
}

/**
 * A photo the partner sent (issue 9 §3): blurred until the member chooses View, so nobody
 * sees an unwanted picture by surprise; Decline hides it for good. Report is in the message's
 * menu beside it, starting from "Unwanted photo".
 */
export function IncomingPhoto({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: 'view' | 'decline') =>
      callApi(chatApi.photoDecision, { body: { message: message.id, decision } }),
    onSuccess: (answer) =>
      updateConversations(
        queryClient,
        (conversation) => conversation.conversation_id === message.conversation_id,
        (conversation) => withMessage(conversation, answer.message),
      ),
  });
  const state = message.photo?.state ?? 'pending';

  if (state === 'viewed') {
    return (
      <a href={chatPhotoUrl(message)} target="_blank" rel="noreferrer" className="d-block">
        <img
          className="chat-photo rounded-3"
          src={chatPhotoUrl(message)}
          alt={t('photo.fromPartner')}
          loading="lazy"
        />
      </a>
    );
  }
  if (state === 'declined') {
    return (
      <p className="mb-0 small fst-italic d-flex align-items-center gap-1">
        <ChatIcon name="eye-off" size={16} />
        {t('photo.declined')}
      </p>
    );
  }
  return (
    <div className="chat-photo-hidden rounded-3 p-3 text-center">
      <span className="chat-photo-blur" aria-hidden="true" />
      <div className="position-relative">
        <ChatIcon name="image" size={28} />
        <p className="small fw-semibold my-2">{t('photo.hidden')}</p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <button
            type="button"
            className="btn btn-sm btn-light"
            disabled={decide.isPending}
            onClick={() => decide.mutate('view')}
          >
            {t('photo.view')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-light"
            disabled={decide.isPending}
            onClick={() => decide.mutate('decline')}
          >
            {t('photo.decline')}
          </button>
        </div>
        {decide.error && (
          <p className="small mt-2 mb-0" role="alert">
            {apiErrorText(tCommon, decide.error)}
          </p>
        )}
      </div>
    </div>
  );
}
