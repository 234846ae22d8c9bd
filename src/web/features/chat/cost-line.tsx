import { Link } from 'react-router';
import { useTranslation } from '@web/i18n/use-translation';
import type { ChatTerms } from '@contract/chat';
import { pathFor } from '@contract/routes';
import { formatMoney } from '@web/components/money';
import { useUser } from '@web/api/user-api';

/**
 * What sending costs, before sending (issue 9 §2), in one plain sentence (issue 25 item 8):
 * the price of a message in credits, what that is in money at the best rate (the site's
 * minimum message cost for the member's country, spec §3/§9: a credit of the biggest bundle;
 * issue 32 item 6 says so instead of an unexplained "(from €0.39)"), and the member's credits.
 * Free members who have not written yet also read how many conversations they may still start
 * (spec §6). The link leads where credits are bought: /credits for members who paid before,
 * the bundles on /premium for the others (their first purchase makes them premium, spec §1),
 * as the buy-credits prompt does; when credits run short OutOfCredits carries that link.
 */
export function CostLine({ terms, started }: { terms: ChatTerms; started: boolean }) {
  const { t, i18n } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  const { user } = useUser();
  const paid = Boolean(user?.paid_user);
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
  const short = terms.credits < terms.costs.message;
  return (
    <p className="chat-cost small text-body-secondary mb-1" id="chat-cost">
      {startsLeft ? `${sentence} ${startsLeft}` : sentence}
      {!short && (
        <>
          {' '}
          <Link
            to={pathFor(paid ? 'credits' : 'premium')}
            // Underlined: a link inside a sentence is told apart by more than its colour.
            className="chat-cost-link text-decoration-underline"
          >
            {tCommon(paid ? 'buyPrompt.buyCredits' : 'buyPrompt.seeBundles')}
          </Link>
        </>
      )}
    </p>
  );
}
