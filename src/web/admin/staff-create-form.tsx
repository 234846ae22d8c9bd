import { type FormEvent, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, BodyInput } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import { STAFF_ROLES, type StaffRole } from '@contract/staff';
import { callApi } from '@web/api/call-api';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { useTranslation } from '@web/i18n/use-translation';
import { staffApi } from './admin-api';
import { adminKeys } from './admin-query-keys';
import { LanguageChoice, parseSites } from './staff-fields';

type Created = AnswerOf<typeof staffApi.create>;

/**
 * A new staff account (owners). The answer holds the new member's TOTP secret, its otpauth
 * link and the recovery codes: shown this once, then gone (the server keeps only hashes of the
 * codes), so the owner passes them on before closing the panel.
 */
export function StaffCreateForm() {
  const { t } = useTranslation(['admin-profiles', 'admin', 'common']);
  const queryClient = useQueryClient();
  const [role, setRole] = useState<StaffRole>('operator');
  const [languages, setLanguages] = useState<Locale[]>([]);
  const [sitesError, setSitesError] = useState(false);
  const [created, setCreated] = useState<Created>();
  const create = useMutation({
    mutationFn: (body: BodyInput<typeof staffApi.create>) => callApi(staffApi.create, { body }),
    onSuccess: (answer) => {
      setCreated(answer);
      void queryClient.invalidateQueries({ queryKey: adminKeys.staffList });
    },
  });
  const fields = fieldErrorTexts(t, create.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const sites = parseSites(String(data.get('sites') ?? ''));
    setSitesError(!sites);
    if (!sites) return;
    create.mutate({
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
      role,
      sites,
      languages,
    });
  }

  if (created) return <CreatedSecrets created={created} onClose={() => setCreated(undefined)} />;
  const invalid = (field: string) => (fields[field] ? ' is-invalid' : '');
  return (
    <form onSubmit={submit} aria-labelledby="staff-new">
      <div className="row g-2">
        <div className="col-sm-6 mb-2">
          <label htmlFor="staff-name" className="form-label fw-semibold">
            {t('staff.form.name')}
          </label>
          <input
            id="staff-name"
            name="name"
            required
            className={`form-control form-control-sm${invalid('name')}`}
          />
        </div>
        <div className="col-sm-6 mb-2">
          <label htmlFor="staff-email" className="form-label fw-semibold">
            {t('staff.form.email')}
          </label>
          <input
            id="staff-email"
            name="email"
            type="email"
            required
            className={`form-control form-control-sm${invalid('email')}`}
          />
        </div>
        <div className="col-sm-6 mb-2">
          <label htmlFor="staff-password" className="form-label fw-semibold">
            {t('staff.form.password')}
          </label>
          <input
            id="staff-password"
            name="password"
            type="password"
            minLength={12}
            required
            autoComplete="new-password"
            aria-describedby="staff-password-hint"
            className={`form-control form-control-sm${invalid('password')}`}
          />
          <div id="staff-password-hint" className="form-text">
            {t('staff.form.passwordHint')}
          </div>
        </div>
        <div className="col-sm-6 mb-2">
          <label htmlFor="staff-role" className="form-label fw-semibold">
            {t('staff.form.role')}
          </label>
          <select
            id="staff-role"
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
        </div>
        <div className="col-sm-6 mb-2">
          <label htmlFor="staff-sites" className="form-label fw-semibold">
            {t('staff.form.sites')}
          </label>
          <input
            id="staff-sites"
            name="sites"
            defaultValue="all"
            aria-describedby="staff-sites-hint"
            className={`form-control form-control-sm${sitesError || fields.sites ? ' is-invalid' : ''}`}
          />
          <div id="staff-sites-hint" className="form-text">
            {t('staff.form.sitesHint')}
          </div>
        </div>
        <div className="col-sm-6 mb-2">
          <label htmlFor="staff-languages" className="form-label fw-semibold">
            {t('staff.form.languages')}
          </label>
          <LanguageChoice id="staff-languages" value={languages} onChange={setLanguages} />
          <div className="form-text">{t('staff.form.languagesHint')}</div>
        </div>
      </div>
      <FormAlert variant="danger">
        {apiErrorText(t, create.error) ??
          (Object.keys(fields).length > 0 ? t('staff.form.invalid') : undefined)}
      </FormAlert>
      <button type="submit" className="btn btn-sm btn-primary" disabled={create.isPending}>
        {t('staff.form.create')}
      </button>
    </form>
  );
}

/** The second factor of a new account, this once. */
function CreatedSecrets({ created, onClose }: { created: Created; onClose: () => void }) {
  const { t } = useTranslation(['admin-profiles', 'admin', 'common']);
  const name = created.staff.name;
  return (
    <section className="alert alert-warning" role="status" aria-labelledby="staff-created">
      <h3 id="staff-created" className="h6">
        {t('staff.created.title', { name })}
      </h3>
      <p className="small">{t('staff.created.once', { name })}</p>
      <dl className="small mb-2">
        <dt>{t('staff.created.secret')}</dt>
        <dd>
          <code data-testid="totp-secret">{created.totp_secret}</code>
        </dd>
        <dt>{t('staff.created.url')}</dt>
        <dd className="text-break">
          <code>{created.otpauth_url}</code>
        </dd>
        <dt>{t('staff.created.recovery')}</dt>
        <dd>
          <ul className="list-unstyled mb-0 font-monospace">
            {created.recovery_codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </dd>
      </dl>
      <button type="button" className="btn btn-sm btn-primary" onClick={onClose}>
        {t('staff.created.done')}
      </button>
    </section>
  );
}
