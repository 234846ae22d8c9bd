import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteDetail } from '@contract/site-admin';
import { ApiError } from '@web/api/api-error';
import { callApi } from '@web/api/call-api';
import { apiErrorText } from '@web/components/api-error-text';
import { useTranslation } from '@web/i18n/use-translation';
import { sitesAdminApi } from './admin-api';
import { adminKeys } from './admin-query-keys';
import {
  type SettingField,
  SETTING_SECTIONS,
  SIGNUP_CHOICES,
  TEXTS_KEY,
  inputTextOf,
  otherFields,
  valueOf,
} from './site-setting-fields';
import { type TextsDraft, SiteTextsTable, textsDraftOf, textsOf } from './site-texts-table';

type Settings = Record<string, unknown>;
type Draft = Record<string, string | boolean>;

function draftOf(settings: Settings, fields: SettingField[]): Draft {
  return Object.fromEntries(
    fields.map(({ key, kind }) => [
      key,
      kind === 'bool' ? settings[key] === true : inputTextOf(kind, settings[key]),
    ]),
  );
}

/** The first field a server's validation_failed names, per setting (settings.<key>.…). */
function errorsBySetting(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.answer.fields) return {};
  const errors: Record<string, string> = {};
  for (const [path, code] of Object.entries(error.answer.fields)) {
    const [, key, ...rest] = path.split('.');
    if (key) errors[key] ??= rest.length > 0 ? `${rest.join('.')}: ${code}` : code;
  }
  return errors;
}

/** Every stored setting of a site, by section; saved as a whole (issue 30 item 6). */
export function SiteSettingsForm({ site }: { site: SiteDetail['site'] }) {
  const { t } = useTranslation(['admin-sites', 'common']);
  const queryClient = useQueryClient();
  const settings = site.settings as Settings;
  const sections = [...SETTING_SECTIONS, { section: 'other', fields: otherFields(settings) }];
  const fields = sections.flatMap((section) => section.fields);
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings, fields));
  const [texts, setTexts] = useState<TextsDraft>(() => textsDraftOf(site.settings.texts));
  const [unreadable, setUnreadable] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (next: Settings) =>
      callApi(sitesAdminApi.changeSettings, {
        body: { site: site.id, settings: next as SiteDetail['site']['settings'] },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.sites }),
  });
  const serverErrors = errorsBySetting(save.error);
  const form = useRef<HTMLFormElement>(null);
  // After a refused save, the keyboard lands on the first field to fix.
  useEffect(() => {
    if (save.isError || unreadable.length > 0)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [save.isError, save.error, unreadable]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Settings = { ...settings, [TEXTS_KEY]: textsOf(texts) };
    const broken: string[] = [];
    for (const { key, kind } of fields) {
      const input = draft[key];
      const value = typeof input === 'boolean' ? input : valueOf(kind, input ?? '');
      if (value === undefined) broken.push(key);
      else next[key] = value;
    }
    setUnreadable(broken);
    if (broken.length === 0) save.mutate(next);
  }

  const set = (key: string, value: string | boolean) =>
    setDraft((old) => ({ ...old, [key]: value }));
  const errorOf = (key: string) =>
    unreadable.includes(key)
      ? t('sites.settings.notJson')
      : serverErrors[key] && t('sites.settings.invalid', { reason: serverErrors[key] });

  function control({ key, kind }: SettingField) {
    const id = `setting-${key}`;
    const error = errorOf(key);
    const invalid = error ? ' is-invalid' : '';
    const described = error ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {};
    const value = draft[key];
    let input;
    if (kind === 'bool')
      input = (
        <input
          id={id}
          type="checkbox"
          className={`form-check-input${invalid}`}
          checked={value === true}
          onChange={(event) => set(key, event.target.checked)}
          {...described}
        />
      );
    else if (kind === 'signups')
      input = (
        <select
          id={id}
          className={`form-select form-select-sm${invalid}`}
          value={String(value)}
          onChange={(event) => set(key, event.target.value)}
          {...described}
        >
          {SIGNUP_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`sites.settings.signups.${choice}`)}
            </option>
          ))}
        </select>
      );
    else if (kind === 'json')
      input = (
        <textarea
          id={id}
          className={`form-control form-control-sm font-monospace${invalid}`}
          rows={Math.min(14, String(value).split('\n').length)}
          spellCheck={false}
          value={String(value)}
          onChange={(event) => set(key, event.target.value)}
          {...described}
        />
      );
    else
      input = (
        <input
          id={id}
          type={kind === 'number' ? 'number' : 'text'}
          className={`form-control form-control-sm${invalid}`}
          value={String(value)}
          onChange={(event) => set(key, event.target.value)}
          {...described}
        />
      );
    return (
      <div key={key} className={kind === 'json' ? 'col-12' : 'col-lg-6 col-xxl-4'}>
        <div className="row g-1 align-items-center">
          <label
            htmlFor={id}
            title={key}
            className="col-5 col-form-label col-form-label-sm font-monospace text-truncate"
          >
            {key}
          </label>
          <div className={kind === 'bool' ? 'col-7 form-check ps-2' : 'col-7'}>
            {kind === 'json' ? null : input}
            {kind !== 'json' && error && (
              <div id={`${id}-error`} className="invalid-feedback d-block">
                {error}
              </div>
            )}
          </div>
          {kind === 'json' && (
            <div className="col-12">
              {input}
              {error && (
                <div id={`${id}-error`} className="invalid-feedback d-block">
                  {error}
                </div>
              )}
            </div>
          )}
        </div>
      </div>
    );
  }

  const problem =
    save.error && !Object.keys(serverErrors).length ? apiErrorText(t, save.error) : undefined;
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={t('sites.settings.title')}>
      {sections
        .filter((section) => section.fields.length > 0)
        .map(({ section, fields: sectionFields }) => (
          <fieldset key={section} className="admin-card">
            <legend className="h6">{t(`sites.settings.sections.${section}`)}</legend>
            <div className="row g-2">{sectionFields.map(control)}</div>
          </fieldset>
        ))}
      <fieldset className="admin-card">
        <legend className="h6">{t('sites.settings.sections.texts')}</legend>
        <SiteTextsTable texts={texts} onChange={setTexts} error={serverErrors[TEXTS_KEY]} />
      </fieldset>
      <div className="admin-save-bar" role="status">
        <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending}>
          {t('sites.settings.save')}
        </button>
        {save.isSuccess && !save.isPending && (
          <span className="text-success">{t('sites.saved')}</span>
        )}
        {(unreadable.length > 0 || Object.keys(serverErrors).length > 0) && (
          <span className="text-danger">{t('sites.settings.fixFields')}</span>
        )}
        {problem && <span className="text-danger">{problem}</span>}
      </div>
    </form>
  );
}
