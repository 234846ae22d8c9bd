import type { InboxEntry } from '@contract/operator-inbox';
import { useTranslation } from '@web/i18n/use-translation';

/** Minutes waited, from the server's clock (the queue answer's `now`). */
export const minutesBetween = (since: string, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));

/** The waiting conversations, oldest first; Enter or a click opens one. */
export function InboxQueue({
  entries,
  now,
  selected,
  onSelect,
}: {
  entries: InboxEntry[];
  now: number;
  selected: number | undefined;
  onSelect: (conversation: number) => void;
}) {
  const { t } = useTranslation('admin');
  if (entries.length === 0)
    return <p className="p-3 text-body-secondary">{t('admin.inbox.empty')}</p>;
  return (
    <ul className="list-group list-group-flush" aria-label={t('admin.inbox.queue')}>
      {entries.map((entry) => {
        const claimedByOther = entry.claim && !entry.claim.mine;
        return (
          <li key={entry.conversation} className="list-group-item p-0">
            <button
              type="button"
              className={`admin-queue-item btn btn-link text-start text-decoration-none text-body w-100 px-3 py-2${
                selected === entry.conversation ? ' active' : ''
              }`}
              aria-current={selected === entry.conversation ? 'true' : undefined}
              onClick={() => onSelect(entry.conversation)}
            >
              <span className="d-flex justify-content-between">
                <strong>
                  {entry.member.name} → {entry.profile.name}
                </strong>
                <span className="badge text-bg-warning">
                  {t('admin.inbox.waitedMinutes', {
                    count: minutesBetween(entry.waiting_since, now),
                  })}
                </span>
              </span>
              <span className="d-flex justify-content-between small text-body-secondary">
                <span>
                  {entry.member.language.toUpperCase()} ·{' '}
                  {t('admin.inbox.messages', { count: entry.waiting_count })}
                </span>
                {entry.claim && (
                  <span className={claimedByOther ? 'text-danger' : 'text-success'}>
                    {entry.claim.mine
                      ? t('admin.inbox.claimedByYou')
                      : t('admin.inbox.claimedBy', { name: entry.claim.staff_name })}
                  </span>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
