import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import type { ChatTerms } from '@contract/chat';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';

/**
 * Said in the composer before the member types (issue 23 item 9): too few credits for a
 * message, and the way to more. As in the buy-credits prompt (spec §8), members who paid
 * before go to /credits, the others to the bundles whose first purchase makes them premium.
 * A live region that stays in the page, so the moment a send spends the last credits is heard.
 */
export function OutOfCredits({ terms }: { terms: ChatTerms }) {
  const { t } = useTranslation('chat');
  const { t: tCommon } = useTranslation();
  const { user } = useUser();
  const short = terms.credits < terms.costs.message;
  const paid = Boolean(user?.paid_user);
  return (
    <div role="status">
      {short && (
        <p className="small text-danger-emphasis mb-1 d-flex flex-wrap align-items-baseline gap-1">
          <span>{t(terms.credits === 0 ? 'composer.noCredits' : 'composer.tooFewCredits')}</span>
          <Link to={pathFor(paid ? 'credits' : 'premium')} className="fw-semibold">
            {tCommon(paid ? 'buyPrompt.buyCredits' : 'buyPrompt.seeBundles')}
          </Link>
        </p>
      )}
    </div>
  );
}
