import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { callApi } from '@web/api/call-api';
import { FictionalBadge } from '@web/components/fictional-badge';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { fictionalApi } from './admin-api';
import { adminKeys } from './admin-query-keys';
import { FictionalProfileEditor } from './fictional-profile-editor';

/**
 * /admin/profiles (owners and admins): the site's fictional profiles, and beside the list the
 * chosen one's editor (`?profile=<id>`, or `?profile=new`), so a reload keeps the choice.
 */
export function ProfilesPage() {
  const { t } = useTranslation(['admin-profiles', 'common']);
  useDocumentTitle(t('profiles.title'));
  const [params, setParams] = useSearchParams();
  const chosen = params.get('profile');
  const chosenId = chosen && chosen !== 'new' ? Number(chosen) : undefined;
  const choose = (value: string | null) =>
    setParams(value ? { profile: value } : {}, { replace: false });
  const list = useQuery({
    queryKey: adminKeys.profiles,
    queryFn: async () => (await callApi(fictionalApi.list)).profiles,
  });
  return (
    <div className="admin-split">
      <section className="admin-pane p-3" aria-labelledby="profiles-title">
        <div className="d-flex align-items-center mb-2">
          <h1 id="profiles-title" className="h5 mb-0 me-auto">
            {t('profiles.title')}
          </h1>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => choose('new')}>
            {t('profiles.new')}
          </button>
        </div>
        <div className="small text-muted mb-2">
          <FictionalBadge />
          <div>{t('profiles.labelNote')}</div>
        </div>
        {list.data?.length === 0 && <p>{t('profiles.empty')}</p>}
        <table className="table table-sm table-hover small bg-body align-middle">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('profiles.columns.photo')}</span>
              </th>
              <th scope="col">{t('profiles.columns.name')}</th>
              <th scope="col">{t('profiles.columns.age')}</th>
              <th scope="col">{t('profiles.columns.country')}</th>
              <th scope="col">{t('profiles.columns.language')}</th>
              <th scope="col">{t('profiles.columns.state')}</th>
              <th scope="col">{t('profiles.columns.autoLike')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.map((profile) => (
              <tr
                key={profile.id}
                className={profile.id === chosenId ? 'table-primary' : undefined}
              >
                <td style={{ width: '2.5rem' }}>
                  {profile.thumb ? (
                    <img src={profile.thumb} alt="" width={32} height={32} className="rounded" />
                  ) : (
                    <span className="text-muted">–</span>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0 text-start"
                    onClick={() => choose(String(profile.id))}
                  >
                    {profile.name}
                  </button>
                </td>
                <td>{profile.age}</td>
                <td>{profile.country}</td>
                <td>{profile.language.toUpperCase()}</td>
                <td>
                  <span className={`badge ${STATE_BADGES[profile.state]}`}>
                    {t(`profiles.states.${profile.state}`)}
                  </span>
                </td>
                <td>{profile.auto_like ? t('profiles.yes') : t('profiles.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="admin-pane p-3" aria-label={t('profiles.editorLabel')}>
        {chosen ? (
          <FictionalProfileEditor
            key={chosen}
            id={chosenId}
            onCreated={(id) => choose(String(id))}
          />
        ) : (
          <p className="text-muted">{t('profiles.choose')}</p>
        )}
      </section>
    </div>
  );
}

const STATE_BADGES = {
  active: 'text-bg-success',
  paused: 'text-bg-warning',
  retired: 'text-bg-secondary',
} as const;
