import { NavLink } from 'react-router';
import type { LoggedInUser } from '@contract/account';
import { pathFor } from '@contract/routes';
import { useTranslation } from '@web/i18n/use-translation';
import { badgeText, creditsBadgeVariant } from './count-badge';
import { useLiveCounts } from './live-counts';
import { Icon } from './icons';
import { AccountMenu, DiscoverMenu } from './member-nav-menus';
import { MemberNavTab } from './member-nav-tab';

/**
 * spec §2 "Top navigation (logged in)", as an app shell (issue 32 item 2, docs/design.md):
 * below the md breakpoint (768 px) its five tabs (search, discover, messages, likes, account)
 * form a bar at the foot of the screen, labelled, with the live counts; from md up the same
 * links sit labelled in the top bar. One set of links at every width, so the landmark, the
 * names and the tab order are the same on a phone and a desktop. The new-like count comes from
 * likes.php, the unread messages from chats.php (99+ above 99).
 */
export function MemberNav({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  const { newLikes, unreadMessages } = useLiveCounts();
  return (
    <>
      <div className="app-tabs">
        <MemberNavTab to={pathFor('members')} end icon="search" label={t('nav.search')} />
        <DiscoverMenu />
        <MemberNavTab
          to={pathFor('chats')}
          icon="chat"
          label={t('nav.messages')}
          badge={badgeText(unreadMessages)}
        />
        <MemberNavTab
          to={pathFor('likes')}
          icon="heart"
          label={t('nav.likes')}
          badge={badgeText(newLikes)}
          badgeVariant="pink"
        />
        <AccountMenu />
      </div>
      <MoneyLink user={user} />
    </>
  );
}

/**
 * Credits for a paid member, with a badge at 10 or fewer (warning above 0, danger at 0); Get
 * Premium for the others (spec §2). It stays in the top bar at every width: one tap away.
 */
function MoneyLink({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  if (!user.paid_user) {
    return (
      <NavLink
        to={pathFor('premium')}
        className="btn btn-secondary btn-sm d-flex align-items-center gap-1 text-nowrap"
      >
        <Icon name="gem" size={16} />
        {t('nav.getPremium')}
      </NavLink>
    );
  }
  const variant = creditsBadgeVariant(user.credits);
  return (
    <NavLink to={pathFor('credits')} className="nav-link d-flex align-items-center gap-1 px-1">
      <Icon name="coin" />
      <span>{t('nav.credits')}</span>
      {variant && (
        <span className={`badge rounded-pill text-bg-${variant}`}>{String(user.credits)}</span>
      )}
    </NavLink>
  );
}
