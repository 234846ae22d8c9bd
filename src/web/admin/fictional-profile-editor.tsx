import { type ChangeEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FictionalProfile, FictionalState } from '@contract/fictional-profiles';
import { callApi } from '@web/api/call-api';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { useSite } from '@web/components/site-context';
import { useTranslation } from '@web/i18n/use-translation';
import { fictionalApi } from './admin-api';
import { adminKeys } from './admin-query-keys';
import { FictionalProfileForm } from './fictional-profile-form';
import { uploadFictionalPhoto } from './upload-fictional-photo';

/** One fictional profile: its fields, photos and state; or a new one (`id` undefined). */
export function FictionalProfileEditor({
  id,
  onCreated,
}: {
  id: number | undefined;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation(['admin-profiles', 'common']);
  const site = useSite();
  const queryClient = useQueryClient();
  const profile = useQuery({
    queryKey: adminKeys.profile(id ?? 0),
    queryFn: async () => (await callApi(fictionalApi.one, { query: { id: id! } })).profile,
    enabled: id !== undefined,
  });
  /** The server's answer after every change is the profile as it now is. */
  const keep = (next: FictionalProfile) => {
    queryClient.setQueryData(adminKeys.profile(next.id), next);
    void queryClient.invalidateQueries({ queryKey: adminKeys.profiles });
  };

  if (id !== undefined && !profile.data) return null;
  const current = profile.data;
  const retired = current?.state === 'retired';

  return (
    <div>
      <h2 className="h6">
        {current ? t('profiles.edit.title', { name: current.name }) : t('profiles.edit.titleNew')}
      </h2>
      <FictionalProfileForm
        key={current?.id ?? 'new'}
        profile={current}
        defaultCountry={site.countries[0] ?? ''}
        readOnly={retired}
        onSave={async (form) => {
          if (current) {
            keep(
              (await callApi(fictionalApi.change, { body: { ...form, id: current.id } })).profile,
            );
          } else {
            const created = (await callApi(fictionalApi.create, { body: form })).profile;
            keep(created);
            onCreated(created.id);
          }
        }}
      />
      {current && (
        <>
          <FictionalPhotos profile={current} onChange={keep} readOnly={retired} />
          <FictionalStateControls profile={current} onChange={keep} />
        </>
      )}
    </div>
  );
}

function FictionalPhotos({
  profile,
  onChange,
  readOnly,
}: {
  profile: FictionalProfile;
  onChange: (profile: FictionalProfile) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation(['admin-profiles', 'common']);
  const upload = useMutation({
    mutationFn: (file: File) => uploadFictionalPhoto(profile.id, file),
    onSuccess: onChange,
  });
  const remove = useMutation({
    mutationFn: async (photo: number) =>
      (await callApi(fictionalApi.removePhoto, { body: { profile: profile.id, photo } })).profile,
    onSuccess: onChange,
  });
  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(file);
  }
  return (
    <section className="mt-3" aria-labelledby="fp-photos">
      <h3 id="fp-photos" className="h6">
        {t('profiles.photos.title')}
      </h3>
      {profile.photos.length === 0 && <p className="text-muted">{t('profiles.photos.none')}</p>}
      <ul className="list-unstyled d-flex flex-wrap gap-2">
        {profile.photos.map((photo, index) => (
          <li key={photo.id} className="text-center">
            <img
              src={photo.thumb}
              alt={t('profiles.photos.alt', { position: index + 1, name: profile.name })}
              width={96}
              height={96}
              className="rounded border d-block mb-1"
              style={{ objectFit: 'cover' }}
            />
            {index === 0 && (
              <span className="badge text-bg-secondary me-1">{t('profiles.photos.main')}</span>
            )}
            {!readOnly && (
              <button
                type="button"
                className="btn btn-link btn-sm p-0"
                onClick={() => remove.mutate(photo.id)}
                disabled={remove.isPending}
              >
                {t('profiles.photos.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {!readOnly && (
        <div>
          <label htmlFor="fp-photo" className="form-label fw-semibold">
            {t('profiles.photos.add')}
          </label>
          <input
            id="fp-photo"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            className="form-control form-control-sm"
            style={{ maxWidth: '24rem' }}
            onChange={chosen}
            disabled={upload.isPending}
          />
          {upload.isPending && (
            <p className="small text-muted mt-1" role="status">
              {t('profiles.photos.uploading')}
            </p>
          )}
        </div>
      )}
      <FormAlert variant="danger">{apiErrorText(t, upload.error ?? remove.error)}</FormAlert>
    </section>
  );
}

function FictionalStateControls({
  profile,
  onChange,
}: {
  profile: FictionalProfile;
  onChange: (profile: FictionalProfile) => void;
}) {
  const { t } = useTranslation(['admin-profiles', 'common']);
  const [confirmRetire, setConfirmRetire] = useState(false);
  const change = useMutation({
    mutationFn: async (state: FictionalState) =>
      (await callApi(fictionalApi.state, { body: { id: profile.id, state } })).profile,
    onSuccess: (next) => {
      setConfirmRetire(false);
      onChange(next);
    },
  });
  return (
    <section className="mt-3 border-top pt-2" aria-labelledby="fp-state">
      <h3 id="fp-state" className="h6">
        {t('profiles.state.title')}: {t(`profiles.states.${profile.state}`)}
      </h3>
      {profile.state !== 'active' && (
        <p className="small text-muted">{t(`profiles.state.${profile.state}Hint`)}</p>
      )}
      {profile.state !== 'retired' && (
        <div className="d-flex gap-2 align-items-center flex-wrap">
          {profile.state === 'active' ? (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => change.mutate('paused')}
            >
              {t('profiles.state.pause')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => change.mutate('active')}
            >
              {t('profiles.state.resume')}
            </button>
          )}
          {confirmRetire ? (
            <>
              <span className="small">
                {t('profiles.state.retireConfirm', { name: profile.name })}
              </span>
              <button
                type="button"
                className="btn btn-sm btn-danger"
                onClick={() => change.mutate('retired')}
              >
                {t('profiles.state.retire')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-link"
                onClick={() => setConfirmRetire(false)}
              >
                {t('profiles.cancel')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => setConfirmRetire(true)}
            >
              {t('profiles.state.retire')}
            </button>
          )}
        </div>
      )}
      <FormAlert variant="danger">{apiErrorText(t, change.error)}</FormAlert>
    </section>
  );
}
