import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AdultContentNotice } from '@web/components/adult-content-notice';
import { PageSpinner } from '@web/components/page-spinner';

/**
 * spec §2 "Layouts" chat: the content plus the entry warning, only for NL and DE. The
 * conversation fills the screen: its own header leads back to the list.
 */
export function ChatLayout() {
  return (
    <div className="chat-layout d-flex flex-column" style={{ height: '100dvh' }}>
      {/* A landmark of its own, so no content sits outside one. */}
      <header>
        <AdultContentNotice />
      </header>
      <main id="content" className="d-flex flex-column flex-grow-1" style={{ minHeight: 0 }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
