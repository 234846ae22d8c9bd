import { type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { callApi } from '@web/api/call-api';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { moderationApi } from './admin-api';
import { adminKeys } from './admin-query-keys';
import { MemberCardPane } from './moderation-member-card';
import { StatusBadge } from './moderation-status-badge';

/**
 * /admin/members: look a member up by e-mail, name or id (issue 30 item 5); the card of the
 * one chosen beside the list. Both live in the address (?q=, ?member=), so a link from the
 * photo queue or a report opens the card, and Back goes back.
 */
export function ModerationMembersPage() {
  const { t } = useTranslation('admin-moderation');
  useDocumentTitle(t('moderation.members.title'));
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const chosen = Number(params.get('member')) || undefined;
  const found = useQuery({
    queryKey: adminKeys.memberLookup(q),
    queryFn: () => callApi(moderationApi.memberLookup, { query: { q } }),
    enabled: q !== '',
  });
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(text ? { q: text } : {});
  }
  const choose = (id: number) => setParams({ ...(q ? { q } : {}), member: String(id) });
  return (
    <div className="admin-members">
      <section className="admin-pane p-3" aria-labelledby="members-heading">
        <h1 id="members-heading" className="h5">
          {t('moderation.members.title')}
        </h1>
        <form className="d-flex gap-2 mb-2" role="search" onSubmit={search}>
          <label htmlFor="member-lookup" className="visually-hidden">
            {t('moderation.members.lookup')}
          </label>
          <input
            id="member-lookup"
            name="q"
            type="search"
            className="form-control form-control-sm"
            placeholder={t('moderation.members.placeholder')}
            defaultValue={q}
            key={q}
            autoFocus
          />
          <button type="submit" className="btn btn-sm btn-primary">
            {t('moderation.members.search')}
          </button>
        </form>
        {found.data?.members.length === 0 && (
          <p className="text-body-secondary small">{t('moderation.members.none')}</p>
        )}
        <table className="table table-sm table-hover small mb-0">
          <tbody>
            {found.data?.members.map((member) => (
              <tr key={member.id} className={member.id === chosen ? 'table-active' : undefined}>
                <td className="text-body-secondary">{member.id}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0 text-start"
                    onClick={() => choose(member.id)}
                  >
                    {member.name}
                  </button>
                  {member.is_fictional && (
                    <span className="badge text-bg-info ms-1">{t('moderation.fictional')}</span>
                  )}
                </td>
                <td className="text-break">{member.email}</td>
                <td>
                  <StatusBadge status={member.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="p-3" aria-label={t('moderation.members.card')}>
        {chosen ? (
          <MemberCardPane memberId={chosen} />
        ) : (
          <p className="text-body-secondary">{t('moderation.members.choose')}</p>
        )}
      </section>
    </div>
  );
}
