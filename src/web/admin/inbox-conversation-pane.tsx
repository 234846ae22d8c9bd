import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorConversation } from '@contract/operator-inbox';
import { callApi } from '@web/api/call-api';
import { adminKeys } from './admin-query-keys';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { useTranslation } from '@web/i18n/use-translation';
import { inboxApi } from './admin-api';
import { InboxProfiles } from './inbox-profiles';

/** While the operator has the conversation open, their claim is renewed this often. */
const RENEW_CLAIM_MS = 4 * 60_000;

const newClientKey = () => crypto.randomUUID().replace(/-/g, '');

/** One conversation: claim, the whole history, the answer as the profile, notes. */
export function InboxConversationPane({ conversation }: { conversation: number }) {
  const { t } = useTranslation(['admin', 'common']);
  const queryClient = useQueryClient();
  const view = useQuery({
    queryKey: adminKeys.conversation(conversation),
    queryFn: () => callApi(inboxApi.conversation, { query: { conversation } }),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.conversation(conversation) }),
      queryClient.invalidateQueries({ queryKey: adminKeys.inbox }),
    ]);
  const claim = useMutation({
    mutationFn: () => callApi(inboxApi.claim, { body: { conversation } }),
    onSettled: refresh,
  });
  const release = useMutation({
    mutationFn: () => callApi(inboxApi.release, { body: { conversation } }),
    onSettled: refresh,
  });
  const mine = view.data?.claim?.mine === true;
  const renew = claim.mutate;
  useEffect(() => {
    if (!mine) return;
    const timer = setInterval(() => renew(), RENEW_CLAIM_MS);
    return () => clearInterval(timer);
  }, [mine, renew]);

  if (!view.data) return <div className="p-4" aria-busy="true" />;
  const data = view.data;
  const waiting = data.messages.some((message) => message.waiting);
  return (
    <>
      <section className="admin-pane d-flex flex-column" aria-labelledby="conversation-heading">
        <header className="d-flex align-items-center gap-2 border-bottom px-3 py-2">
          <h2 id="conversation-heading" className="h6 mb-0 me-auto">
            {t('admin.inbox.conversationTitle', {
              member: data.member.name,
              profile: data.profile.name,
            })}
          </h2>
          {data.claim && !data.claim.mine && (
            <span className="text-danger small">
              {t('admin.inbox.claimedBy', { name: data.claim.staff_name })}
            </span>
          )}
          {mine ? (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => release.mutate()}
            >
              {t('admin.inbox.release')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={!waiting || claim.isPending}
              onClick={() => claim.mutate()}
            >
              {t('admin.inbox.claim')}
            </button>
          )}
        </header>
        <FormAlert variant="danger">{apiErrorText(t, claim.error ?? release.error)}</FormAlert>
        <MessageList data={data} />
        <AnswerForm conversation={conversation} enabled={mine && waiting} onSent={refresh} />
      </section>
      <InboxProfiles data={data} conversation={conversation} />
    </>
  );
}

function MessageList({ data }: { data: OperatorConversation }) {
  const { t } = useTranslation('admin');
  const end = useRef<HTMLLIElement>(null);
  // In braces: Chromium's scrollIntoView answers a promise, which React would take for the
  // effect's cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [data.messages.length]);
  return (
    <ol
      className="list-unstyled flex-grow-1 overflow-auto p-3 mb-0"
      aria-label={t('admin.inbox.history')}
    >
      {data.messages.map((message) => (
        <li
          key={message.id}
          className={`admin-message rounded px-2 py-1 mb-2 from-${message.from}`}
        >
          <div className="small text-body-secondary">
            {message.from === 'member' ? data.member.name : data.profile.name} ·{' '}
            {new Date(message.sent_at).toLocaleString()}
            {message.waiting && (
              <span className="badge text-bg-warning ms-2">{t('admin.inbox.waiting')}</span>
            )}
          </div>
          {message.kind === 'text' && message.text}
          {message.kind === 'photo' &&
            (message.photo_url ? (
              <img
                className="admin-photo"
                src={message.photo_url}
                alt={t('admin.inbox.photoAlt')}
              />
            ) : (
              t('admin.inbox.photo')
            ))}
          {message.kind === 'gift' && (
            <span>
              <img src={`/gifts/${message.gift_id}.svg`} alt="" width={32} height={32} />{' '}
              {t('admin.inbox.gift', { gift: message.gift_id ?? '' })}
            </span>
          )}
        </li>
      ))}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}

/** The answer as the profile: Ctrl+Enter (or ⌘+Enter) sends. */
function AnswerForm({
  conversation,
  enabled,
  onSent,
}: {
  conversation: number;
  enabled: boolean;
  onSent: () => Promise<unknown>;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const [text, setText] = useState('');
  // One key per answer meant, reused on a retry: the server stores it once.
  const [clientKey, setClientKey] = useState(newClientKey);
  const send = useMutation({
    mutationFn: () =>
      callApi(inboxApi.answer, { body: { conversation, client_key: clientKey, text } }),
    onSuccess: async () => {
      setText('');
      setClientKey(newClientKey());
      await onSent();
    },
  });
  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (enabled && text.trim()) send.mutate();
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  }
  return (
    <form className="border-top p-2" onSubmit={submit} aria-label={t('admin.inbox.answerForm')}>
      <FormAlert variant="danger">{apiErrorText(t, send.error)}</FormAlert>
      <label htmlFor="admin-answer" className="form-label small fw-semibold mb-1">
        {t('admin.inbox.answerLabel')}
      </label>
      <textarea
        id="admin-answer"
        className="form-control mb-2"
        rows={3}
        value={text}
        disabled={!enabled}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="admin-answer-hint"
      />
      <div className="d-flex align-items-center justify-content-between">
        <span id="admin-answer-hint" className="small text-body-secondary">
          {enabled ? t('admin.inbox.answerHint') : t('admin.inbox.claimFirst')}
        </span>
        <button
          type="submit"
          className="btn btn-sm btn-success"
          disabled={!enabled || send.isPending}
        >
          {t('admin.inbox.send')}
        </button>
      </div>
    </form>
  );
}
