import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { MemberBanners, MemberMenu } from '@web/app/member-shell-parts';
import { OfflineNotice } from '@web/components/offline-notice';
import { Disclaimer } from '@web/components/disclaimer';
import { PageSpinner } from '@web/components/page-spinner';
import { SiteFooter } from '@web/components/site-footer';
import { TopNav } from '@web/components/top-nav';
import { useUser } from '@web/api/user-api';

/** spec §2 "Layouts" default: top navigation, warning banners, content, footer, disclaimer. */
export function DefaultLayout() {
  // A member's tabs sit at the foot of a phone's screen: the page keeps room for them
  // (_app-shell.scss), so its end is never hidden under the bar.
  const { user } = useUser();
  return (
    <div className={`d-flex flex-column min-vh-100${user ? ' has-tab-bar' : ''}`}>
      <TopNav memberMenu={<MemberMenu />} />
      <MemberBanners />
      {/* At least a screen tall: the footer starts below the fold, so a page that grows as
          it loads never pushes a visible footer (issue 25 item 6: CLS). */}
      <main id="content" className="flex-grow-1 min-vh-100">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <Disclaimer />
      {/* The chat layout says it in its own connection line instead (chat/connection-notice). */}
      <OfflineNotice />
    </div>
  );
}
