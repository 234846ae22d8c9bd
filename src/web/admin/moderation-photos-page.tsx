import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PHOTO_REJECTION_REASONS, type PhotoRejectionReason } from '@contract/moderation';
import { callApi } from '@web/api/call-api';
import { apiErrorText } from '@web/components/api-error-text';
import { FormAlert } from '@web/components/form-alert';
import { useDocumentTitle } from '@web/components/use-document-title';
import { useTranslation } from '@web/i18n/use-translation';
import { moderationApi } from './admin-api';
import { adminKeys } from './admin-query-keys';
import { useModerationKeys } from './use-moderation-keys';

type Decision = { photo: number } & (
  { decision: 'approve' } | { decision: 'reject'; reason: PhotoRejectionReason }
);

/**
 * /admin/photos: the site's pending photos, oldest first (issue 30 item 5). One photo is
 * current: A approves it, 1–6 reject it with that reason, J/K move; the buttons do the same.
 */
export function ModerationPhotosPage() {
  const { t } = useTranslation(['admin-moderation', 'common']);
  useDocumentTitle(t('moderation.photos.title'));
  const queryClient = useQueryClient();
  const queue = useQuery({
    queryKey: adminKeys.photoQueue,
    queryFn: () => callApi(moderationApi.photoQueue),
  });
  const [current, setCurrent] = useState(0);
  const decide = useMutation({
    mutationFn: (body: Decision) => callApi(moderationApi.photoDecision, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.photoQueue }),
  });
  const photos = queue.data?.photos ?? [];
  const at = Math.min(current, Math.max(photos.length - 1, 0));
  const currentPhoto = photos[at];

  const keys = useMemo(() => {
    if (!currentPhoto) return {};
    const reject = Object.fromEntries(
      PHOTO_REJECTION_REASONS.map((reason, index) => [
        String(index + 1),
        () => decide.mutate({ photo: currentPhoto.id, decision: 'reject', reason }),
      ]),
    );
    return {
      ...reject,
      a: () => decide.mutate({ photo: currentPhoto.id, decision: 'approve' }),
      j: () => setCurrent(Math.min(at + 1, photos.length - 1)),
      k: () => setCurrent(Math.max(at - 1, 0)),
    };
  }, [currentPhoto, at, photos.length, decide]);
  useModerationKeys(keys);

  return (
    <section className="p-3">
      <div className="d-flex align-items-baseline gap-3 mb-2">
        <h1 className="h5 mb-0">{t('moderation.photos.title')}</h1>
        <span className="text-body-secondary">
          {t('moderation.photos.waiting', { count: queue.data?.total ?? 0 })}
        </span>
        <span className="ms-auto small text-body-secondary">{t('moderation.photos.keys')}</span>
      </div>
      <FormAlert variant="danger">{apiErrorText(t, decide.error ?? queue.error)}</FormAlert>
      {queue.data && photos.length === 0 && (
        <p className="text-body-secondary">{t('moderation.photos.empty')}</p>
      )}
      <ul className="admin-photo-grid list-unstyled">
        {photos.map((photo, index) => (
          <li
            key={photo.id}
            className={`card admin-photo-card${index === at ? ' current' : ''}`}
            aria-current={index === at ? 'true' : undefined}
            onFocus={() => setCurrent(index)}
          >
            <a href={photo.full} target="_blank" rel="noreferrer">
              <img
                src={photo.match}
                alt={t('moderation.photos.photoOf', { name: photo.member.name })}
                className="card-img-top"
                width={photo.width}
                height={photo.height}
              />
            </a>
            <div className="card-body p-2">
              <div className="d-flex justify-content-between small mb-2">
                <Link to={`/admin/members?member=${photo.member.id}`}>{photo.member.name}</Link>
                <time className="text-body-secondary" dateTime={photo.created_at}>
                  {new Date(photo.created_at).toLocaleString()}
                </time>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-success w-100 mb-1"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ photo: photo.id, decision: 'approve' })}
              >
                {t('moderation.photos.approve')}
              </button>
              <RejectMenu
                onReject={(reason) =>
                  decide.mutate({ photo: photo.id, decision: 'reject', reason })
                }
                disabled={decide.isPending}
                name={photo.member.name}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The fixed reasons, each a button: the member reads it in their language. */
function RejectMenu(props: {
  onReject: (reason: PhotoRejectionReason) => void;
  disabled: boolean;
  name: string;
}) {
  const { t } = useTranslation('admin-moderation');
  return (
    <div
      className="admin-reject-reasons"
      role="group"
      aria-label={t('moderation.photos.rejectFor', { name: props.name })}
    >
      {PHOTO_REJECTION_REASONS.map((reason, index) => (
        <button
          key={reason}
          type="button"
          className="btn btn-sm btn-outline-danger text-start"
          disabled={props.disabled}
          onClick={() => props.onReject(reason)}
        >
          <kbd className="me-1 small">{index + 1}</kbd>
          {t(`moderation.reasons.${reason}`)}
        </button>
      ))}
    </div>
  );
}
