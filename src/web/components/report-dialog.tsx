import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Modal } from '@web/components/modal';
import { useTranslation } from '@web/i18n/use-translation';
import { REPORT_REASONS } from '@contract/chat';
import { chatApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { apiErrorText } from './api-error-text';

type Reason = (typeof REPORT_REASONS)[number];

export interface ReportTarget {
  member: number;
  name: string;
  /** The message reported, when it is about one. */
  message?: number;
  /** The reason to start from (a photo: unwanted_photo); the member may change it. */
  reason?: Reason;
}

/**
 * Report a member or one of their messages (issue 9 §5), stored for the operator console:
 * from a message in the chat, or from the member's page (its overflow menu, issue 25 item 8).
 */
export function ReportDialog({
  target,
  onClose,
}: {
  target: ReportTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const [reason, setReason] = useState<Reason | null>(null);
  const [note, setNote] = useState('');
  const report = useMutation({
    mutationFn: (input: { member: number; message?: number; reason: Reason; note?: string }) =>
      callApi(chatApi.report, { body: input }),
  });
  const { reset } = report;

  // A new target starts a fresh form.
  useEffect(() => {
    setReason(target?.reason ?? null);
    setNote('');
    reset();
  }, [target, reset]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || !reason) return;
    report.mutate({
      member: target.member,
      ...(target.message ? { message: target.message } : {}),
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
    });
  }

  const title = target?.message
    ? t('report.messageTitle', { name: target.name })
    : t('report.memberTitle', { name: target?.name ?? '' });
  return (
    <Modal show={target !== null} onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {report.isSuccess ? (
        <>
          <Modal.Body>
            <p className="mb-0" role="status">
              {t('report.thanks')}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {t('close')}
            </button>
          </Modal.Footer>
        </>
      ) : (
        <form onSubmit={submit}>
          <Modal.Body>
            <fieldset>
              <legend className="fs-6 fw-semibold">{t('report.reason')}</legend>
              {REPORT_REASONS.map((option) => (
                <div key={option} className="form-check">
                  <input
                    className="form-check-input"
                    type="radio"
                    name="report-reason"
                    id={`${titleId}-${option}`}
                    checked={reason === option}
                    onChange={() => setReason(option)}
                    required
                  />
                  <label className="form-check-label" htmlFor={`${titleId}-${option}`}>
                    {t(`report.reasons.${option}`)}
                  </label>
                </div>
              ))}
            </fieldset>
            <label htmlFor={`${titleId}-note`} className="form-label mt-3">
              {t('report.note')}
            </label>
            <textarea
              id={`${titleId}-note`}
              className="form-control"
              rows={3}
              maxLength={1000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            {report.error && (
              <p className="small text-danger mt-2 mb-0" role="alert">
                {apiErrorText(tCommon, report.error)}
              </p>
            )}
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
              {t('cancel')}
            </button>
            <button type="submit" className="btn btn-danger" disabled={report.isPending}>
              {t('report.submit')}
            </button>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}
