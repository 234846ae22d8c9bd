import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AdultContentNotice } from '@web/components/adult-content-notice';
import { PageSpinner } from '@web/components/page-spinner';

/** spec §2 "Layouts" chat: content plus the entry warning only for NL and DE. */
export function ChatLayout() {
  return (
    <div className="d-flex flex-column vh-100">
      <AdultContentNotice />
      <main id="content" className="flex-grow-1 overflow-hidden">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
