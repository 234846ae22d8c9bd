import type { OwnProfile } from '@contract/profiles';
import { useTranslation } from '@web/i18n/use-translation';
import './photo-moderation-texts';
import { useDeletePhoto } from './profile-api';

/**
 * Photos a moderator refused (issue 30 item 5), each with the reason in the member's own
 * language, so they know what to upload instead; deleting one clears it from the list.
 */
export function RejectedPhotos({ photos }: { photos: OwnProfile['rejected_photos'] }) {
  const { t } = useTranslation('photo-moderation');
  const remove = useDeletePhoto();
  return (
    <section
      aria-labelledby="rejected-photos-heading"
      className="card border-0 shadow-sm p-3 p-md-4 mb-4"
    >
      <h2 id="rejected-photos-heading" className="h5">
        {t('rejected.title', { count: photos.length })}
      </h2>
      <p className="small text-body-secondary">{t('rejected.intro')}</p>
      <ul className="list-unstyled mb-0 d-grid gap-3">
        {photos.map((photo) => (
          <li key={photo.id} className="d-flex gap-3 align-items-start">
            <img
              src={photo.thumb}
              alt={t('rejected.photoAlt')}
              className="rounded-3 flex-shrink-0"
              width={80}
              height={80}
            />
            <div>
              <p className="mb-1">
                <span className="badge text-bg-danger me-2">{t('rejected.badge')}</span>
                {t(`reasons.${photo.reason}`)}
              </p>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => remove.mutate({ id: photo.id })}
              >
                {t('rejected.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
