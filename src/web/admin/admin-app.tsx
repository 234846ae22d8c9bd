import './admin-texts';
import { Suspense } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { PageSpinner } from '@web/components/page-spinner';
import { AdminLayout } from './admin-layout';
import { AdminLoginPage as LoginPage } from './admin-login-page';
import { AuditPage } from './audit-page';
import { FiguresPage } from './figures-page';
import { CodesPage } from './codes-page';
import { DebtsPage } from './debts-page';
import { PaymentsPage } from './payments-page';
import { InboxPage } from './inbox-page';
import { ModerationMembersPage } from './moderation-members-page';
import { ModerationPhotosPage } from './moderation-photos-page';
import { ModerationReportsPage } from './moderation-reports-page';
import { SiteEditPage } from './site-edit-page';
import { SitesPage } from './sites-page';
import { ProfilesPage } from './profiles-page';
import { StaffPage } from './staff-page';
import { useStaff } from './use-staff';

// One chunk for the whole console (its pages imported statically): every module it shares
// with the members' pages then has one more importer, the same for all, and the first
// load's chunks stay as they were (e2e/initial-load-size.e2e.ts).

/** Only for a logged-in staff member; the login page otherwise. */
function StaffOnly({ children }: { children: React.ReactNode }) {
  const { staff, isLoading } = useStaff();
  if (isLoading) return <PageSpinner />;
  if (!staff) return <Navigate to="/admin/login" replace />;
  return children;
}

/** Where /admin opens: a moderator has no inbox, so the photo queue (issue 30 item 5). */
function HomeOfRole() {
  const { staff } = useStaff();
  return <Navigate to={staff?.role === 'moderator' ? '/admin/photos' : '/admin/inbox'} replace />;
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
        { index: true, element: <HomeOfRole /> },
        { path: 'inbox', element: <InboxPage /> },
        { path: 'audit', element: <AuditPage /> },
        { path: 'photos', element: <ModerationPhotosPage /> },
        { path: 'reports', element: <ModerationReportsPage /> },
        { path: 'members', element: <ModerationMembersPage /> },
        { path: 'sites', element: <SitesPage /> },
        { path: 'sites/:id', element: <SiteEditPage /> },
        { path: 'figures', element: <FiguresPage /> },
        { path: 'profiles', element: <ProfilesPage /> },
        { path: 'staff', element: <StaffPage /> },
        { path: 'codes', element: <CodesPage /> },
        { path: 'payments', element: <PaymentsPage /> },
        { path: 'debts', element: <DebtsPage /> },
        { path: '*', element: <Navigate to="/admin/inbox" replace /> },
      ],
    },
  ]);
  return <Suspense fallback={<PageSpinner />}>{branch}</Suspense>;
}
