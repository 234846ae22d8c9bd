import { type FormEvent, useState } from 'react';
import type { FictionalProfile, FictionalProfileInput } from '@contract/fictional-profiles';
import { LOCALES } from '@contract/locales';
import { PROFILE_ATTRIBUTES, PROFILE_OPTIONS } from '@contract/profile-options';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { CountryRegionFields } from '@web/components/country-region-fields';
import { FormAlert } from '@web/components/form-alert';
import { useTranslation } from '@web/i18n/use-translation';

type Form = FictionalProfileInput;

const EMPTY: Form = {
  name: '',
  gender: 'female',
  seeking: 'male',
  sexuality: null,
  hair_color: null,
  eye_color: null,
  body_type: null,
  relationship_status: null,
  interests: [],
  country: '',
  region: null,
  about: '',
  birth_date: '',
  language: 'en',
  auto_like: true,
};

const formOf = (profile: FictionalProfile | undefined, country: string): Form => {
  if (!profile) return { ...EMPTY, country };
  const {
    id: _id,
    age: _age,
    photos: _photos,
    photo_limit: _limit,
    state: _state,
    ...rest
  } = profile;
  const { is_invisible: _invisible, ...fields } = rest;
  return { ...fields, gender: fields.gender ?? 'female', seeking: fields.seeking ?? 'male' };
};

/**
 * The fictional profile's fields (issue 30 item 4): the member editor's attributes and text,
 * plus birth date, the language it writes in and whether it may auto-like. No field for the
 * fictional label: it is not the console's to switch off.
 */
export function FictionalProfileForm({
  profile,
  defaultCountry,
  onSave,
  readOnly,
}: {
  profile: FictionalProfile | undefined;
  defaultCountry: string;
  onSave: (form: Form) => Promise<void>;
  readOnly: boolean;
}) {
  const { t } = useTranslation(['admin-profiles', 'common']);
  const [form, setForm] = useState<Form>(() => formOf(profile, defaultCountry));
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const fieldErrors = fieldErrorTexts(t, error);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setSaved(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await onSave(form);
      setSaved(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const invalid = (field: string) => (fieldErrors[field] ? ' is-invalid' : '');
  const feedback = (field: string) =>
    fieldErrors[field] ? <div className="invalid-feedback">{fieldErrors[field]}</div> : null;

  return (
    <form onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <fieldset disabled={readOnly || busy}>
        <div className="row g-2">
          <div className="col-sm-6 mb-2">
            <label htmlFor="fp-name" className="form-label fw-semibold">
              {t('profiles.edit.name')}
            </label>
            <input
              id="fp-name"
              className={`form-control form-control-sm${invalid('name')}`}
              value={form.name}
              required
              onChange={(event) => set('name', event.target.value)}
            />
            {feedback('name')}
          </div>
          <div className="col-sm-3 mb-2">
            <label htmlFor="fp-birth" className="form-label fw-semibold">
              {t('profiles.edit.birthDate')}
            </label>
            <input
              id="fp-birth"
              type="date"
              className={`form-control form-control-sm${invalid('birth_date')}`}
              value={form.birth_date}
              required
              onChange={(event) => set('birth_date', event.target.value)}
            />
            {feedback('birth_date')}
          </div>
          <div className="col-sm-3 mb-2">
            <label htmlFor="fp-language" className="form-label fw-semibold">
              {t('profiles.edit.language')}
            </label>
            <select
              id="fp-language"
              className="form-select form-select-sm"
              value={form.language}
              onChange={(event) => set('language', event.target.value as Form['language'])}
            >
              {LOCALES.map((code) => (
                <option key={code} value={code}>
                  {code.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
          {PROFILE_ATTRIBUTES.map((attribute) => (
            <div className="col-sm-4 col-lg-3 mb-2" key={attribute}>
              <label htmlFor={`fp-${attribute}`} className="form-label fw-semibold">
                {t(`profile.fields.${attribute}`)}
              </label>
              <select
                id={`fp-${attribute}`}
                className="form-select form-select-sm"
                value={form[attribute] ?? ''}
                onChange={(event) =>
                  set(attribute, (event.target.value || null) as Form[typeof attribute])
                }
              >
                {attribute !== 'gender' && attribute !== 'seeking' && (
                  <option value="">{t('profiles.edit.notChosen')}</option>
                )}
                {PROFILE_OPTIONS[attribute].map((value) => (
                  <option key={value} value={value}>
                    {t(`profile.options.${attribute}.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        <CountryRegionFields
          idPrefix="fp"
          country={form.country}
          onCountryChange={(country) => set('country', country)}
          region={form.region}
          onRegionChange={(region) => set('region', region)}
          regionError={fieldErrors.region}
        />
        <div className="mb-2">
          <label htmlFor="fp-about" className="form-label fw-semibold">
            {t('profiles.edit.about')}
          </label>
          <textarea
            id="fp-about"
            className={`form-control form-control-sm${invalid('about')}`}
            rows={4}
            maxLength={500}
            value={form.about}
            onChange={(event) => set('about', event.target.value)}
          />
          {feedback('about')}
        </div>
        <div className="form-check mb-3">
          <input
            id="fp-auto-like"
            type="checkbox"
            className="form-check-input"
            checked={form.auto_like}
            onChange={(event) => set('auto_like', event.target.checked)}
          />
          <label htmlFor="fp-auto-like" className="form-check-label">
            {t('profiles.edit.autoLike')}
          </label>
        </div>
        <FormAlert variant="danger">{apiErrorText(t, error)}</FormAlert>
        <FormAlert variant="success">{saved ? t('profiles.edit.saved') : undefined}</FormAlert>
        {!readOnly && (
          <button type="submit" className="btn btn-sm btn-primary">
            {profile ? t('profiles.edit.save') : t('profiles.edit.create')}
          </button>
        )}
      </fieldset>
    </form>
  );
}
