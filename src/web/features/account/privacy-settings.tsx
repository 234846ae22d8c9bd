import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { blocksApi } from '@web/api/endpoints';
import { profilesApi } from '@web/api/endpoints';
import { pathFor } from '@contract/routes';
import { callApi } from '@web/api/call-api';
import { ownProfileQuery } from '@web/api/own-profile-query';
import { apiErrorText } from '@web/components/api-error-text';
import { queryKeys } from '@web/api/query-keys';

const blockedQuery = {
  queryKey: queryKeys.blocked,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApi(blocksApi.blocked, { signal }).then((answer) => answer.blocked),
};

/** Invisible mode and the members one has blocked, to undo (spec §1). */
export function PrivacySettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: blocked = [] } = useQuery(blockedQuery);
  const { data: profile } = useQuery(ownProfileQuery);
  const unblock = useMutation({
    mutationFn: (memberId: number) => callApi(blocksApi.unblock, { body: { member_id: memberId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.blocked }),
  });
  const invisible = useMutation({
    mutationFn: (value: boolean) =>
      callApi(profilesApi.setInvisible, { body: { invisible: value } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ownProfile }),
  });

  return (
    <section className="card border-0 shadow-sm p-3 p-md-4" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading" className="h5">
        {t('settings.privacyTitle')}
      </h2>
      <div className="form-check form-switch mb-1">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id="invisible-mode"
          checked={profile?.is_invisible ?? false}
          disabled={!profile || invisible.isPending}
          onChange={(event) => invisible.mutate(event.target.checked)}
        />
        <label className="form-check-label fw-semibold" htmlFor="invisible-mode">
          {t('settings.invisible')}
        </label>
      </div>
      <p className="small text-body-secondary">{t('settings.invisibleHint')}</p>
      {(invisible.error || unblock.error) && (
        <div className="alert alert-danger" role="alert">
          {apiErrorText(t, invisible.error ?? unblock.error)}
        </div>
      )}
      <h3 className="h6 mt-3">{t('settings.blockedTitle')}</h3>
      {blocked.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('settings.noBlocked')}</p>
      ) : (
        <ul className="list-group">
          {blocked.map((member) => (
            <li
              key={member.id}
              className="list-group-item d-flex justify-content-between align-items-center"
            >
              <Link to={pathFor('members-id', { id: member.id })}>{member.name}</Link>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => unblock.mutate(member.id)}
                disabled={unblock.isPending}
              >
                {t('member.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
