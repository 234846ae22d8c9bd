import { Suspense } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link, Outlet } from 'react-router';
import { OfflineNotice } from '@web/components/offline-notice';
import { pathFor } from '@contract/routes';
import { AdultContentNotice } from '@web/components/adult-content-notice';
import { BrandLogo } from '@web/components/brand-logo';
import { PageSpinner } from '@web/components/page-spinner';
import { SiteFooter } from '@web/components/site-footer';

/** spec §2 "Layouts" lander: a simple logo bar, footer, entry warning for NL and DE. */
export function LanderLayout() {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-column min-vh-100">
      <AdultContentNotice />
      <header className="lander-bar border-bottom bg-body py-2">
        {/* A visitor from an ad who already has an account finds the way in beside the logo. */}
        <div className="container d-flex align-items-center justify-content-between gap-2">
          <BrandLogo to={pathFor('index')} />
          <Link to={pathFor('login')} className="btn btn-outline-primary btn-sm px-3">
            {t('nav.login')}
          </Link>
        </div>
      </header>
      {/* At least a screen tall, as in the default layout (issue 25 item 6: CLS). */}
      <main id="content" className="flex-grow-1 min-vh-100">
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
