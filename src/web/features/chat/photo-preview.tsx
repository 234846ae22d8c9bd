import { useTranslation } from '@web/i18n/use-translation';

/** A chosen photo before it goes: what it shows and what it costs (issue 9 §2, §3). */
export function PhotoPreview({
  previewUrl,
  cost,
  onSend,
  onCancel,
}: {
  previewUrl: string;
  cost: number;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <section
      className="chat-photo-preview bg-body-tertiary border-top"
      aria-label={t('photo.previewLabel')}
    >
      <div className="chat-column d-flex align-items-center gap-3 px-2 px-sm-3 py-2">
        <img
          src={previewUrl}
          alt={t('photo.previewAlt')}
          className="rounded-3"
          width={72}
          height={72}
        />
        <p className="small mb-0 flex-grow-1">{t('composer.photoCost', { count: cost })}</p>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={onSend}>
          {t('photo.send')}
        </button>
      </div>
    </section>
  );
}
