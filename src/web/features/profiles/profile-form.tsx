import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { ABOUT_MAX_LENGTH, PROFILE_OPTIONS } from '@contract/profile-options';
import type { OwnProfile, ProfileUpdate } from '@contract/profiles';
import { interestsQuery } from '@web/api/site-api';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { CountryRegionFields } from '@web/components/country-region-fields';
import { FormAlert } from '@web/components/form-alert';
import { FormField } from '@web/components/form-field';
import { OptionSelect } from './option-select';
import { useSaveProfile } from './profile-api';

const nullable = (value: FormDataEntryValue | null) => (value ? String(value) : null);

/** The profile editor (spec §2 profile, §3 profile attributes). */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const { data: interests = [] } = useQuery(interestsQuery);
  const [country, setCountry] = useState(profile.country);
  const [region, setRegion] = useState(profile.region);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const update = {
      name: String(data.get('name') ?? ''),
      gender: data.get('gender'),
      seeking: data.get('seeking'),
      sexuality: nullable(data.get('sexuality')),
      hair_color: nullable(data.get('hair_color')),
      eye_color: nullable(data.get('eye_color')),
      body_type: nullable(data.get('body_type')),
      relationship_status: nullable(data.get('relationship_status')),
      interests: data.getAll('interests').map(Number),
      country,
      region,
      about: String(data.get('about') ?? ''),
    } as ProfileUpdate;
    save.mutate(update);
  }

  const fields = fieldErrorTexts(t, save.error);
  const message =
    apiErrorText(t, save.error) ??
    (Object.keys(fields).length ? t('errors.validation_failed') : undefined);
  const select = (name: keyof typeof PROFILE_OPTIONS, required = false) => (
    <OptionSelect
      name={name}
      label={t(`profile.fields.${name}`)}
      values={PROFILE_OPTIONS[name]}
      value={profile[name]}
      required={required}
      error={fields[name]}
    />
  );

  return (
    <form
      onSubmit={submit}
      className="card border-0 shadow-sm p-3 p-md-4"
      aria-labelledby="profile-form-heading"
    >
      <h2 id="profile-form-heading" className="h5 mb-3">
        {t('profile.aboutYou')}
      </h2>
      <FormAlert variant="success">{save.isSuccess && t('profile.saved')}</FormAlert>
      <FormAlert variant="danger">{message}</FormAlert>
      <FormField
        id="profile-name"
        name="name"
        label={t('signup.name')}
        defaultValue={profile.name}
        error={fields.name}
        required
      />
      <p className="text-body-secondary small">{t('profile.age', { age: profile.age })}</p>
      <div className="row">
        {select('gender', true)}
        {select('seeking', true)}
        {select('sexuality')}
        {select('relationship_status')}
        {select('hair_color')}
        {select('eye_color')}
        {select('body_type')}
      </div>
      <CountryRegionFields
        idPrefix="profile"
        country={country}
        onCountryChange={setCountry}
        region={region}
        onRegionChange={setRegion}
        regionError={fields.region}
      />
      <fieldset className="mb-3">
        <legend className="form-label fw-semibold fs-6">{t('profile.fields.interests')}</legend>
        <div className="d-flex flex-wrap gap-2">
          {interests.map((interest) => (
            <div key={interest.id}>
              <input
                type="checkbox"
                className="btn-check"
                name="interests"
                value={interest.id}
                id={`interest-${interest.id}`}
                defaultChecked={profile.interests.includes(interest.id)}
              />
              <label
                className="btn btn-sm btn-outline-pink rounded-pill"
                htmlFor={`interest-${interest.id}`}
              >
                {t(`profile.interests.${interest.key}`)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="mb-3">
        <label htmlFor="profile-about" className="form-label fw-semibold">
          {t('profile.fields.about')}
        </label>
        <textarea
          id="profile-about"
          name="about"
          className={`form-control${fields.about ? ' is-invalid' : ''}`}
          rows={4}
          maxLength={ABOUT_MAX_LENGTH}
          defaultValue={profile.about}
        />
        <div className="form-text">{t('profile.aboutHint', { max: ABOUT_MAX_LENGTH })}</div>
      </div>
      <button type="submit" className="btn btn-primary btn-lg" disabled={save.isPending}>
        {t('profile.save')}
      </button>
    </form>
  );
}
