import { useId } from 'react';
import { Modal } from './modal';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { Icon } from './icons';

/** spec §8: which purchase a refused action asks for. */
export type PurchasePromptKind = 'credits' | 'premium';

interface BuyCreditsPromptProps {
  /** The prompt to show, or null when none is open. */
  prompt: PurchasePromptKind | null;
  /** What was refused is kept for the member to send later (issue 23 item 9). */
  draftKept?: boolean;
  onClose: () => void;
}

/**
 * spec §8: too few credits shows the buy-credits prompt, a premium-only function the
 * buy-bundle prompt. Members who never paid are sent to the bundles (/premium), since their
 * first purchase makes them premium (spec §1); paying members to /credits.
 */
export function BuyCreditsPrompt({ prompt, draftKept = false, onClose }: BuyCreditsPromptProps) {
  const { t } = useTranslation();
  const { user } = useUser();
  const titleId = useId();
  const toCredits = prompt === 'credits' && Boolean(user?.paid_user);
  const kind = prompt ?? 'credits';
  return (
    <Modal show={prompt !== null} onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('buyPrompt.close')}>
        <Modal.Title id={titleId} as="h2" className="h4 d-flex align-items-center gap-2">
          <span className="text-primary">
            <Icon name={kind === 'credits' ? 'coin' : 'gem'} size={24} />
          </span>
          {t(`buyPrompt.${kind}.title`)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t(`buyPrompt.${kind}.text`)}</p>
        <p className="small text-body-secondary mb-0">{t('buyPrompt.nothingCharged')}</p>
        {draftKept && (
          <p className="small text-body-secondary mt-1 mb-0">{t('buyPrompt.draftKept')}</p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('buyPrompt.later')}
        </button>
        <Link
          to={pathFor(toCredits ? 'credits' : 'premium')}
          className="btn btn-primary"
          onClick={onClose}
        >
          {t(toCredits ? 'buyPrompt.buyCredits' : 'buyPrompt.seeBundles')}
        </Link>
      </Modal.Footer>
    </Modal>
  );
}
