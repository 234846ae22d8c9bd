import { type FormEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@web/api/call-api';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { useTranslation } from '@web/i18n/use-translation';
import { sitesAdminApi } from './admin-api';
import { adminKeys } from './admin-query-keys';

interface Entry {
  id?: number;
  key: string;
  members: number;
}

/** The interests every site offers, in order (owners; issue 30 item 6). */
export function InterestsEditor() {
  const { t } = useTranslation(['admin-sites', 'common']);
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: adminKeys.interests,
    queryFn: () => callApi(sitesAdminApi.interests),
  });
  const [draft, setDraft] = useState<Entry[] | null>(null);
  const [added, setAdded] = useState('');
  const list = draft ?? stored.data?.interests ?? [];
  const save = useMutation({
    mutationFn: () =>
      callApi(sitesAdminApi.changeInterests, {
        body: { interests: list.map(({ id, key }) => (id ? { id, key } : { key })) },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminKeys.interests, answer);
      setDraft(null);
    },
  });
  const move = (index: number, by: number) => {
    const next = [...list];
    const [entry] = next.splice(index, 1);
    next.splice(index + by, 0, entry!);
    setDraft(next);
  };
  function add(event: FormEvent) {
    event.preventDefault();
    const key = added.trim().toLowerCase();
    if (key && !list.some((entry) => entry.key === key)) setDraft([...list, { key, members: 0 }]);
    setAdded('');
  }
  const problem = apiErrorText(t, save.error) ?? Object.values(fieldErrorTexts(t, save.error))[0];
  return (
    <section className="admin-card" aria-labelledby="interests-title">
      <h2 id="interests-title" className="h6">
        {t('sites.interests.title')}
      </h2>
      <ol className="list-unstyled small mb-2 admin-interests">
        {list.map((entry, index) => (
          <li key={entry.key} className="d-flex align-items-center gap-2">
            <span className="font-monospace flex-grow-1">{entry.key}</span>
            <span className="text-body-secondary">
              {t('sites.interests.members', { count: entry.members })}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-link p-0"
              disabled={index === 0}
              aria-label={t('sites.interests.up', { key: entry.key })}
              onClick={() => move(index, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="btn btn-sm btn-link p-0"
              disabled={index === list.length - 1}
              aria-label={t('sites.interests.down', { key: entry.key })}
              onClick={() => move(index, 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className="btn btn-sm btn-link p-0"
              disabled={entry.members > 0}
              aria-label={t('sites.interests.remove', { key: entry.key })}
              onClick={() => setDraft(list.filter((other) => other !== entry))}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <form className="d-flex gap-2 mb-2" onSubmit={add}>
        <label htmlFor="interest-new" className="visually-hidden">
          {t('sites.interests.new')}
        </label>
        <input
          id="interest-new"
          className="form-control form-control-sm"
          placeholder={t('sites.interests.new')}
          value={added}
          onChange={(event) => setAdded(event.target.value)}
        />
        <button type="submit" className="btn btn-sm btn-outline-primary text-nowrap">
          {t('sites.interests.add')}
        </button>
      </form>
      <div className="d-flex align-items-center gap-2">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={!draft || save.isPending}
          onClick={() => save.mutate()}
        >
          {t('sites.interests.save')}
        </button>
        <span role="status" className="text-danger">
          {problem}
        </span>
      </div>
    </section>
  );
}
