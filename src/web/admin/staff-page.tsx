import { type FormEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@contract/locales';
import { STAFF_ROLES, type StaffProfile, type StaffRole } from '@contract/staff';
import { callApi } from '@web/api/call-api';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { staffApi } from './admin-api';
import { adminKeys } from './admin-query-keys';
import { StaffCreateForm } from './staff-create-form';
import { LanguageChoice, parseSites, sitesText } from './staff-fields';

/**
 * /admin/staff (owners, issue 30 item 1): who runs the sites. A change of role, sites,
 * languages or status ends that person's sessions at once (on every instance).
 */
export function StaffPage() {
  const { t } = useTranslation(['admin-profiles', 'admin', 'common']);
  useDocumentTitle(t('staff.title'));
  const list = useQuery({
    queryKey: adminKeys.staffList,
    queryFn: async () => (await callApi(staffApi.list)).staff,
  });
  const [editing, setEditing] = useState<number | undefined>();
  return (
    <div className="admin-split">
      <section className="admin-pane p-3" aria-labelledby="staff-title">
        <h1 id="staff-title" className="h5">
          {t('staff.title')}
        </h1>
        <table className="table table-sm small bg-body align-middle">
          <thead>
            <tr>
              <th scope="col">{t('staff.columns.name')}</th>
              <th scope="col">{t('staff.columns.role')}</th>
              <th scope="col">{t('staff.columns.sites')}</th>
              <th scope="col">{t('staff.columns.languages')}</th>
              <th scope="col">{t('staff.columns.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('staff.change.edit')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data?.map((member) =>
              editing === member.id ? (
                <StaffChangeRow
                  key={member.id}
                  member={member}
                  onDone={() => setEditing(undefined)}
                />
              ) : (
                <tr
                  key={member.id}
                  className={member.status === 'disabled' ? 'text-muted' : undefined}
                >
                  <td>
                    {member.name}
                    <div className="text-muted">{member.email}</div>
                  </td>
                  <td>{t(`admin.roles.${member.role}`)}</td>
                  <td>{member.sites === 'all' ? t('staff.allSites') : member.sites.join(', ')}</td>
                  <td>
                    {member.languages.length === 0
                      ? t('staff.allLanguages')
                      : member.languages.map((code) => code.toUpperCase()).join(', ')}
                  </td>
                  <td>{t(`staff.status.${member.status}`)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      onClick={() => setEditing(member.id)}
                      aria-label={`${t('staff.change.edit')}: ${member.name}`}
                    >
                      {t('staff.change.edit')}
                    </button>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </section>
      <section className="admin-pane p-3" aria-labelledby="staff-new">
        <h2 id="staff-new" className="h6">
          {t('staff.new')}
        </h2>
        <StaffCreateForm />
      </section>
    </div>
  );
}

/** One staff member's row as a small form: role, sites, languages, active or disabled. */
function StaffChangeRow({ member, onDone }: { member: StaffProfile; onDone: () => void }) {
  const { t } = useTranslation(['admin-profiles', 'admin', 'common']);
  const queryClient = useQueryClient();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [sites, setSites] = useState(sitesText(member.sites));
  const [languages, setLanguages] = useState<Locale[]>(member.languages);
  const [status, setStatus] = useState(member.status);
  const change = useMutation({
    mutationFn: async () => {
      const scope = parseSites(sites);
      return callApi(staffApi.change, {
        body: { staff: member.id, role, languages, status, ...(scope ? { sites: scope } : {}) },
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.staffList });
      onDone();
    },
  });
  const fields = fieldErrorTexts(t, change.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate();
  }
  const formId = `staff-change-${member.id}`;
  return (
    <tr className="table-active">
      <td>
        <form
          id={formId}
          onSubmit={submit}
          aria-label={`${t('staff.change.edit')}: ${member.name}`}
        />
        {member.name}
        <div className="text-muted">{member.email}</div>
      </td>
      <td>
        <select
          form={formId}
          aria-label={t('staff.columns.role')}
          className="form-select form-select-sm"
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole)}
        >
          {STAFF_ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`admin.roles.${value}`)}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input
          form={formId}
          aria-label={t('staff.columns.sites')}
          className={`form-control form-control-sm${fields.sites ? ' is-invalid' : ''}`}
          value={sites}
          onChange={(event) => setSites(event.target.value)}
          title={t('staff.form.sitesHint')}
        />
      </td>
      <td>
        <LanguageChoice form={formId} value={languages} onChange={setLanguages} />
      </td>
      <td>
        <select
          form={formId}
          aria-label={t('staff.columns.status')}
          className="form-select form-select-sm"
          value={status}
          onChange={(event) => setStatus(event.target.value as StaffProfile['status'])}
        >
          <option value="active">{t('staff.status.active')}</option>
          <option value="disabled">{t('staff.status.disabled')}</option>
        </select>
      </td>
      <td className="text-nowrap">
        <button
          form={formId}
          type="submit"
          className="btn btn-sm btn-primary me-1"
          disabled={change.isPending}
        >
          {t('staff.change.save')}
        </button>
        <button type="button" className="btn btn-sm btn-link" onClick={onDone}>
          {t('profiles.cancel')}
        </button>
        <FormAlert variant="danger">{apiErrorText(t, change.error)}</FormAlert>
      </td>
    </tr>
  );
}
