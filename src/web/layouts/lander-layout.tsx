import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { OfflineNotice } from '@web/components/offline-notice';
import { pathFor } from '@contract/routes';
import { AdultContentNotice } from '@web/components/adult-content-notice';
import { BrandLogo } from '@web/components/brand-logo';
import { PageSpinner } from '@web/components/page-spinner';
import { SiteFooter } from '@web/components/site-footer';

/** spec §2 "Layouts" lander: a simple logo bar, footer, entry warning for NL and DE. */
export function LanderLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <AdultContentNotice />
      <header className="border-bottom bg-white py-2">
        <div className="container">
          <BrandLogo to={pathFor('index')} />
        </div>
      </header>
      <main id="content" className="flex-grow-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      {/* The chat layout says it in its own connection line instead (chat/connection-notice). */}
      <OfflineNotice />
    </div>
  );
}
