import { Suspense, lazy } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { PageSpinner } from '@web/components/page-spinner';
import { AdminLayout } from './admin-layout';
import { useStaff } from './use-staff';

const LoginPage = lazy(() =>
  import('./admin-login-page').then((m) => ({ default: m.AdminLoginPage })),
);
const InboxPage = lazy(() => import('./inbox-page').then((m) => ({ default: m.InboxPage })));
const AuditPage = lazy(() => import('./audit-page').then((m) => ({ default: m.AuditPage })));

/** Only for a logged-in staff member; the login page otherwise. */
function StaffOnly({ children }: { children: React.ReactNode }) {
  const { staff, isLoading } = useStaff();
  if (isLoading) return <PageSpinner />;
  if (!staff) return <Navigate to="/admin/login" replace />;
  return children;
}

/**
 * The operator console (issue 30): a branch of the web app under /admin, loaded lazily with
 * its own layout, so none of it reaches a member's or visitor's first load.
 */
export function AdminApp() {
  // useRoutes, as the app's own router: <Routes> would bring more of React Router into the
  // first load's chunk, where the router lives.
  const branch = useRoutes([
    { path: 'login', element: <LoginPage /> },
    {
      element: (
        <StaffOnly>
          <AdminLayout />
        </StaffOnly>
      ),
      children: [
        { index: true, element: <Navigate to="/admin/inbox" replace /> },
        { path: 'inbox', element: <InboxPage /> },
        { path: 'audit', element: <AuditPage /> },
        { path: '*', element: <Navigate to="/admin/inbox" replace /> },
      ],
    },
  ]);
  return <Suspense fallback={<PageSpinner />}>{branch}</Suspense>;
}
