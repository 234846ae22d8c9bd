import { type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberCard } from '@contract/moderation';
import { callApi } from '@web/api/call-api';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { useTranslation } from '@web/i18n/use-translation';
import { moderationApi } from './admin-api';
import { adminKeys } from './admin-query-keys';
import { StatusBadge } from './moderation-status-badge';

/** A member's card: who they are, their photos, and ban or unban with a reason. */
export function MemberCardPane({ memberId }: { memberId: number }) {
  const { t } = useTranslation(['admin-moderation', 'common']);
  const card = useQuery({
    queryKey: adminKeys.memberCard(memberId),
    queryFn: () => callApi(moderationApi.memberCard, { query: { member: memberId } }),
  });
  if (card.error) return <FormAlert variant="danger">{apiErrorText(t, card.error)}</FormAlert>;
  const member = card.data?.member;
  if (!member) return null;
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '–');
  const facts: Array<[string, React.ReactNode]> = [
    [t('moderation.card.id'), member.id],
    [t('moderation.card.email'), member.email],
    [t('moderation.card.born'), member.date_of_birth],
    [t('moderation.card.place'), [member.region, member.country].filter(Boolean).join(', ')],
    [t('moderation.card.language'), member.language],
    [t('moderation.card.joined'), when(member.created_at)],
    [t('moderation.card.lastActive'), when(member.last_active_at)],
    [t('moderation.card.openReports'), member.open_reports],
  ];
  return (
    <article aria-labelledby="member-card-name">
      <div className="d-flex align-items-center gap-2 mb-2">
        <h2 id="member-card-name" className="h5 mb-0">
          {member.name}
        </h2>
        <StatusBadge status={member.status} />
        {member.is_fictional && (
          <span className="badge text-bg-info">{t('moderation.fictional')}</span>
        )}
      </div>
      <dl className="admin-facts small">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {member.about && (
        <p className="small border-start ps-2 text-body-secondary">{member.about}</p>
      )}
      {member.photos.length > 0 && (
        <ul
          className="list-unstyled d-flex flex-wrap gap-2 mb-3"
          aria-label={t('moderation.card.photos')}
        >
          {member.photos.map((photo) => (
            <li key={photo.id} className="text-center small">
              <img src={photo.thumb} alt="" width={80} height={80} className="rounded d-block" />
              {t(`moderation.photoStatus.${photo.status}`, { defaultValue: photo.status })}
            </li>
          ))}
        </ul>
      )}
      {!member.is_fictional && <BanControls member={member} />}
    </article>
  );
}

function BanControls({ member }: { member: MemberCard }) {
  const { t } = useTranslation(['admin-moderation', 'common']);
  const queryClient = useQueryClient();
  const onSuccess = (answer: { member: MemberCard }) => {
    queryClient.setQueryData(adminKeys.memberCard(member.id), answer);
    void queryClient.invalidateQueries({ queryKey: adminKeys.memberLookups });
  };
  const ban = useMutation({
    mutationFn: (reason: string) =>
      callApi(moderationApi.ban, { body: { member: member.id, reason } }),
    onSuccess,
  });
  const unban = useMutation({
    mutationFn: () => callApi(moderationApi.unban, { body: { member: member.id } }),
    onSuccess,
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    ban.mutate(String(new FormData(event.currentTarget).get('reason') ?? '').trim());
  }
  if (member.status === 'banned')
    return (
      <div className="border rounded p-2 bg-body">
        <p className="small mb-2">
          <strong>{t('moderation.ban.bannedBecause')}</strong> {member.ban_reason}
        </p>
        <FormAlert variant="danger">{apiErrorText(t, unban.error)}</FormAlert>
        <button
          type="button"
          className="btn btn-sm btn-outline-success"
          disabled={unban.isPending}
          onClick={() => unban.mutate()}
        >
          {t('moderation.ban.unban')}
        </button>
      </div>
    );
  return (
    <form className="border rounded p-2 bg-body" onSubmit={submit}>
      <label htmlFor="ban-reason" className="form-label small fw-semibold">
        {t('moderation.ban.reason')}
      </label>
      <FormAlert variant="danger">{apiErrorText(t, ban.error)}</FormAlert>
      <div className="d-flex gap-2">
        <input
          id="ban-reason"
          name="reason"
          className="form-control form-control-sm"
          required
          minLength={3}
          maxLength={500}
          placeholder={t('moderation.ban.reasonPlaceholder')}
        />
        <button
          type="submit"
          className="btn btn-sm btn-danger text-nowrap"
          disabled={ban.isPending}
        >
          {t('moderation.ban.submit')}
        </button>
      </div>
      <p className="form-text mb-0">{t('moderation.ban.hint')}</p>
    </form>
  );
}
