import { useTranslation } from '@web/i18n/use-translation';

/**
 * Where the composer would be, for a partner who deleted their account (issue 31 item 7):
 * the history stays readable, but nobody can write to them (the server answers
 * partner_deleted to a send).
 */
export function DeletedPartnerNotice() {
  const { t } = useTranslation('chat');
  return (
    <div className="chat-composer bg-body border-top">
      <p className="chat-column px-3 py-3 mb-0 small text-body-secondary text-center">
        {t('deletedPartner.notice')}
      </p>
    </div>
  );
}
