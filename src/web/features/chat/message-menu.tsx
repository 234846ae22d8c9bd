import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from '@web/i18n/use-translation';
import { ChatIcon } from './chat-icons';

/**
 * The quiet "⋯" beside a partner's message (issue 25 item 8): Report lives here, one tap away,
 * instead of a Report link under every bubble.
 */
export function MessageMenu({
  partnerName,
  onReport,
}: {
  partnerName: string;
  onReport: () => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <Dropdown className="chat-message-menu">
      <Dropdown.Toggle
        variant="link"
        size="sm"
        bsPrefix="chat-message-menu-toggle"
        className="text-body-secondary px-1 py-0"
        aria-label={t('report.moreForMessage', { name: partnerName })}
        title={t('report.moreForMessage', { name: partnerName })}
      >
        <ChatIcon name="dots" size={16} />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as="button" className="d-flex align-items-center gap-2" onClick={onReport}>
          <ChatIcon name="flag" size={16} />
          {t('report.message')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
