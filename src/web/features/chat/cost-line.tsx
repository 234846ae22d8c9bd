import { useTranslation } from 'react-i18next';
import type { ChatTerms } from '@contract/chat';

/**
 * What sending costs, before sending (issue 9 §2): the price of a message, the member's
 * credits, the site's minimum message cost for their country (spec §9) and, for free
 * members, how many conversations they may still start (spec §6).
 */
export function CostLine({ terms, started }: { terms: ChatTerms; started: boolean }) {
  const { t, i18n } = useTranslation('chat');
  const minimum = terms.minimum_message_costs;
  const price = minimum
    ? new Intl.NumberFormat(i18n.language, {
        style: 'currency',
        currency: minimum.currency,
      }).format(minimum.costs / 100)
    : undefined;
  const parts = [
    t('terms.messageCost', { count: terms.costs.message }),
    t('terms.credits', { count: terms.credits }),
    price && t('terms.minimumCost', { price }),
    !started && terms.conversations_left !== null
      ? t('terms.conversationsLeft', { count: terms.conversations_left })
      : undefined,
  ].filter(Boolean);
  return (
    <p className="chat-cost small text-body-secondary mb-1" id="chat-cost">
      {parts.join(' · ')}
    </p>
  );
}
