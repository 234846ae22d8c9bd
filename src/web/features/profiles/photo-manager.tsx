import { type DragEvent, useState } from 'react';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from '@web/i18n/use-translation';
import type { OwnProfile } from '@contract/profiles';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { useDeletePhoto, useReorderPhotos, useSetUploadedProfile } from './profile-api';
import { uploadPhoto } from './upload-photo';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif';

/** Upload (picker or drag and drop, with progress), reorder, choose the main photo, delete. */
export function PhotoManager({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const reorder = useReorderPhotos();
  const remove = useDeletePhoto();
  const setProfile = useSetUploadedProfile();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [dragging, setDragging] = useState(false);
  const photos = profile.photos;
  const full = photos.length >= profile.photo_limit;

  async function uploadAll(files: File[]) {
    setError(null);
    for (const file of files) {
      try {
        setProgress(0);
        setProfile(await uploadPhoto(file, setProgress));
      } catch (failure) {
        setError(failure);
        break;
      } finally {
        setProgress(null);
      }
    }
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    void uploadAll([...event.dataTransfer.files]);
  }

  const move = (from: number, to: number) => {
    const order = photos.map((photo) => photo.id);
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
    reorder.mutate({ order });
  };
  const failure = apiErrorText(t, error ?? reorder.error ?? remove.error);

  return (
    <section aria-labelledby="photos-heading" className="card border-0 shadow-sm p-3 p-md-4 mb-4">
      <div className="d-flex justify-content-between align-items-baseline mb-3">
        <h2 id="photos-heading" className="h5 mb-0">
          {t('photos.title')}
        </h2>
        <span className="small text-body-secondary">
          {t('photos.count', { count: photos.length, limit: profile.photo_limit })}
        </span>
      </div>
      <FormAlert variant="danger">{failure}</FormAlert>
      <ul className="row row-cols-2 row-cols-md-3 g-3 list-unstyled mb-3">
        {photos.map((photo, index) => (
          <li key={photo.id} className="col">
            <figure className="photo-tile mb-0">
              <img
                src={photo.match}
                alt={t('photos.photoNumber', { number: index + 1 })}
                className="rounded-3 w-100"
                width={300}
                height={300}
              />
              <figcaption className="d-flex flex-wrap gap-1 mt-2">
                {index === 0 && <span className="badge text-bg-primary">{t('photos.main')}</span>}
                {photo.status === 'pending' && (
                  <span className="badge text-bg-warning">{t('photos.pending')}</span>
                )}
              </figcaption>
              <div
                className="btn-group btn-group-sm mt-2 flex-wrap"
                role="group"
                aria-label={t('photos.actionsFor', { number: index + 1 })}
              >
                {index > 0 && (
                  <button
                    type="button"
                    className="btn btn-outline-primary"
                    onClick={() => move(index, 0)}
                  >
                    {t('photos.makeMain')}
                  </button>
                )}
                {index > 0 && (
                  <button
                    type="button"
                    className="btn btn-outline-secondary"
                    onClick={() => move(index, index - 1)}
                    aria-label={t('photos.moveEarlier')}
                  >
                    ←
                  </button>
                )}
                {index < photos.length - 1 && (
                  <button
                    type="button"
                    className="btn btn-outline-secondary"
                    onClick={() => move(index, index + 1)}
                    aria-label={t('photos.moveLater')}
                  >
                    →
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-outline-danger"
                  onClick={() => remove.mutate({ id: photo.id })}
                >
                  {t('photos.delete')}
                </button>
              </div>
            </figure>
          </li>
        ))}
      </ul>
      {progress !== null && (
        <ProgressBar
          now={Math.round(progress * 100)}
          label={`${Math.round(progress * 100)}%`}
          className="mb-3"
          aria-label={t('photos.uploading')}
        />
      )}
      {full ? (
        <p className="text-body-secondary mb-0">
          {t('photos.limitReached', { limit: profile.photo_limit })}
        </p>
      ) : (
        <label
          className={`photo-drop-zone d-block text-center p-4 rounded-4${dragging ? ' is-dragging' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <span className="d-block fw-semibold mb-1">{t('photos.add')}</span>
          <span className="d-block small text-body-secondary">{t('photos.hint')}</span>
          <input
            type="file"
            accept={ACCEPT}
            multiple
            className="visually-hidden"
            disabled={progress !== null}
            onChange={(event) => {
              void uploadAll([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </label>
      )}
    </section>
  );
}
