import { type FormEvent, Fragment, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorConversation } from '@contract/operator-inbox';
import { callApi } from '@web/api/call-api';
import { adminKeys } from './admin-query-keys';
import { countryName } from '@web/components/country-name';
import { FictionalBadge } from '@web/components/fictional-badge';
import { FormAlert } from '@web/components/form-alert';
import { useTranslation } from '@web/i18n/use-translation';
import { inboxApi } from './admin-api';

type Person = OperatorConversation['member'];

function PersonCard({
  fictional = false,
  title,
  person,
  extra,
}: {
  title: string;
  person: Person;
  extra?: Array<[string, string | null]>;
  fictional?: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  const rows: Array<[string, string | null]> = [
    [t('admin.profile.age'), String(person.age)],
    [t('admin.profile.gender'), person.gender],
    [
      t('admin.profile.place'),
      [person.region, countryName(person.country, i18n.language)].filter(Boolean).join(', '),
    ],
    [t('admin.profile.language'), person.language.toUpperCase()],
    ...(extra ?? []),
  ];
  return (
    <section className="border-bottom p-3" aria-label={title}>
      <h3 className="h6 d-flex align-items-center gap-2">
        {person.photo && (
          <img src={person.photo} alt="" width={40} height={40} className="rounded" />
        )}
        <span>
          {title}: {person.name}
        </span>
      </h3>
      {/* The label stays on the profile in the console too (issue 30 item 3 "Honesty"). */}
      {fictional && <FictionalBadge />}
      <dl className="row g-0 small mb-1">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="col-5 fw-normal text-body-secondary">{label}</dt>
            <dd className="col-7 mb-0">{value || '–'}</dd>
          </Fragment>
        ))}
      </dl>
      {person.about && <p className="small mb-0 fst-italic">{person.about}</p>}
    </section>
  );
}

/** The member's public profile, the fictional profile's fact sheet and the pair's notes. */
export function InboxProfiles({
  data,
  conversation,
}: {
  data: OperatorConversation;
  conversation: number;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const queryClient = useQueryClient();
  const [note, setNote] = useState(data.note?.text ?? '');
  const save = useMutation({
    mutationFn: () => callApi(inboxApi.note, { body: { conversation, text: note } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: adminKeys.conversation(conversation) }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }
  const { profile } = data;
  return (
    <aside className="admin-pane" aria-label={t('admin.profile.aside')}>
      <PersonCard title={t('admin.profile.member')} person={data.member} />
      <PersonCard
        title={t('admin.profile.persona')}
        person={profile}
        fictional
        extra={[
          [t('admin.profile.seeking'), profile.seeking],
          [t('admin.profile.relationship'), profile.relationship_status],
          [t('admin.profile.body'), profile.body_type],
          [t('admin.profile.hair'), profile.hair_color],
          [t('admin.profile.eyes'), profile.eye_color],
        ]}
      />
      <form className="p-3" onSubmit={submit}>
        <label htmlFor="admin-note" className="form-label fw-semibold small">
          {t('admin.notes.label')}
        </label>
        <textarea
          id="admin-note"
          className="form-control form-control-sm mb-2"
          rows={6}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <FormAlert variant="success">
          {save.isSuccess ? t('admin.notes.saved') : undefined}
        </FormAlert>
        <div className="d-flex justify-content-between align-items-center">
          <span className="small text-body-secondary">
            {data.note
              ? t('admin.notes.updated', {
                  name: data.note.updated_by,
                  at: new Date(data.note.updated_at).toLocaleString(),
                })
              : t('admin.notes.shared')}
          </span>
          <button
            type="submit"
            className="btn btn-sm btn-outline-primary"
            disabled={save.isPending}
          >
            {t('admin.notes.save')}
          </button>
        </div>
      </form>
    </aside>
  );
}
