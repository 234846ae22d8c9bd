import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { pathFor } from '@contract/routes';
import { useUser } from '@web/api/user-api';
import { PageSpinner } from './page-spinner';

/** Shows its children to members; sends visitors to the login page. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={pathFor('login')} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
