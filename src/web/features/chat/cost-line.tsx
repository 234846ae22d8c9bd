import { useTranslation } from '@web/i18n/use-translation';
import type { ChatTerms } from '@contract/chat';
import { formatMoney } from '@web/components/money';

/**
 * What sending costs, before sending (issue 9 §2), in one plain sentence (issue 25 item 8):
 * the price of a message in credits, from the site's minimum message cost in money for the
 * member's country (spec §9), and the member's credits. Free members who have not written
 * yet also read how many conversations they may still start (spec §6).
 */
export function CostLine({ terms, started }: { terms: ChatTerms; started: boolean }) {
  const { t, i18n } = useTranslation('chat');
  const minimum = terms.minimum_message_costs;
  const cost = t('terms.creditsCost', { count: terms.costs.message });
  const credits = t('terms.creditsCost', { count: terms.credits });
  const sentence = minimum
    ? t('terms.sentenceFrom', {
        cost,
        credits,
        price: formatMoney(minimum.costs, minimum.currency, i18n.language),
      })
    : t('terms.sentence', { cost, credits });
  const startsLeft =
    !started && terms.conversations_left !== null
      ? t('terms.startsLeft', { count: terms.conversations_left })
      : '';
  return (
    <p className="chat-cost small text-body-secondary mb-1" id="chat-cost">
      {startsLeft ? `${sentence} ${startsLeft}` : sentence}
    </p>
  );
}
