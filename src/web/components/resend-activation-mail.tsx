import { useMutation } from '@tanstack/react-query';
import { accountApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { useTranslation } from '@web/i18n/use-translation';
import { apiErrorText } from './api-error-text';

/**
 * "Send the e-mail again" for a member whose address is not confirmed (spec §4), then what
 * came of it: shared by the activation reminder and the chat composer's notice (issue 29
 * item 15).
 */
export function ResendActivationMail({ buttonClass }: { buttonClass: string }) {
  const { t } = useTranslation();
  const resend = useMutation({
    mutationFn: () => callApi(accountApi.resendActivationMail, { body: {} }),
  });
  return (
    <>
      {resend.isSuccess ? (
        <p className="mb-0 fw-semibold" role="status">
          {t('activation.sent')}
        </p>
      ) : (
        <button
          type="button"
          className={`btn btn-sm ${buttonClass}`}
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
        >
          {t('activation.resend')}
        </button>
      )}
      {resend.isError && (
        <p className="mb-0 mt-2 text-danger" role="alert">
          {apiErrorText(t, resend.error)}
        </p>
      )}
    </>
  );
}
