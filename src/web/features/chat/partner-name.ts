import type { ChatPartner } from '@contract/chat';
import { isDeletedPartner } from '@contract/chat-partner';
import { useTranslation } from '@web/i18n/use-translation';

/**
 * A conversation partner's name as the chat shows it: "a deleted member" for a partner who
 * deleted their account or was erased (issue 31 item 7), who has no name any more.
 */
export function usePartnerName() {
  const { t } = useTranslation('chat');
  return (partner: ChatPartner) =>
    isDeletedPartner(partner) ? t('deletedPartner.name') : partner.name;
}
