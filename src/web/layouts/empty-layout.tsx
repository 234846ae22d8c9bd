import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@web/components/page-spinner';

/** spec §2 "Layouts" empty: content (and the signup modal, mounted at the app root). */
export function EmptyLayout() {
  return (
    <main id="content">
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
