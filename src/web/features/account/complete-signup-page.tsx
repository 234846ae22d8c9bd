import { type FormEvent, useState } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { useNavigate } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { useUserMutation } from '@web/api/user-mutations';
import { useSite } from '@web/components/site-context';
import { apiErrorText, fieldErrorTexts } from '@web/components/api-error-text';
import { CountryRegionFields } from '@web/components/country-region-fields';
import { LocationPrefill } from '@web/components/location-prefill';
import { RequireLogin } from '@web/components/require-login';
import { useDocumentTitle } from '@web/components/use-document-title';
import { FormAlert } from '@web/components/form-alert';
import { accountApi } from '@web/api/endpoints';

interface CompleteSignupBody {
  gender: 'female' | 'male';
  seeking: 'female' | 'male' | 'both';
  country: string;
  region: string | null;
}

function CompleteSignupForm() {
  const { t } = useTranslation();
  const site = useSite();
  const navigate = useNavigate();
  const { user } = useUser();
  const [country, setCountry] = useState(user?.profile.country ?? site.geoip_selected_country);
  const [region, setRegion] = useState<string | null>(null);
  const complete = useUserMutation(accountApi.completeSignup);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    complete.mutate(
      {
        gender: data.get('gender') as CompleteSignupBody['gender'],
        seeking: data.get('seeking') as CompleteSignupBody['seeking'],
        country,
        region,
      },
      // spec §4: the activation reminder reacts to api_signup_complete (a modal on phones).
      { onSuccess: () => void navigate(`${pathFor('members')}?api_signup_complete=1`) },
    );
  }

  const fields = fieldErrorTexts(t, complete.error);
  const message =
    apiErrorText(t, complete.error) ??
    (Object.keys(fields).length ? t('errors.validation_failed') : undefined);
  return (
    <form
      onSubmit={submit}
      className="card border-0 shadow-sm p-3 p-md-4"
      aria-label={t('completeSignup.title')}
    >
      <FormAlert variant="danger">{message}</FormAlert>
      <fieldset className="mb-3">
        <legend className="form-label fw-semibold fs-6">{t('completeSignup.gender')}</legend>
        {(['female', 'male'] as const).map((value) => (
          <div className="form-check form-check-inline" key={value}>
            <input
              className="form-check-input"
              type="radio"
              name="gender"
              id={`gender-${value}`}
              value={value}
              required
            />
            <label className="form-check-label" htmlFor={`gender-${value}`}>
              {t(`completeSignup.genders.${value}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <fieldset className="mb-3">
        <legend className="form-label fw-semibold fs-6">{t('completeSignup.seeking')}</legend>
        {(['female', 'male', 'both'] as const).map((value) => (
          <div className="form-check form-check-inline" key={value}>
            <input
              className="form-check-input"
              type="radio"
              name="seeking"
              id={`seeking-${value}`}
              value={value}
              required
            />
            <label className="form-check-label" htmlFor={`seeking-${value}`}>
              {t(`completeSignup.seekingOptions.${value}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <LocationPrefill
        countries={site.countries}
        onPlace={(place) => {
          setCountry(place.country);
          setRegion(place.region);
        }}
      />
      <CountryRegionFields
        idPrefix="complete"
        country={country}
        onCountryChange={setCountry}
        region={region}
        onRegionChange={setRegion}
        regionError={fields.region}
      />
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={complete.isPending}>
        {t('completeSignup.submit')}
      </button>
    </form>
  );
}

/** /complete-signup: the profile basics after signup (spec §2). */
export function CompleteSignupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('completeSignup.title'));
  return (
    <RequireLogin>
      <section className="container py-5" style={{ maxWidth: '34rem' }}>
        <h1 className="h2 mb-2">{t('completeSignup.title')}</h1>
        <p className="text-body-secondary mb-4">{t('completeSignup.intro')}</p>
        <CompleteSignupForm />
      </section>
    </RequireLogin>
  );
}
