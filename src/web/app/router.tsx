import { BrowserRouter, useRoutes } from 'react-router';
import { appRoutes } from './app-routes';

function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * React Router in its declarative mode: the app loads no data through the router, and the
 * data router's machinery cost the first load about 17 kB gzipped (issue 25 item 6). Pages
 * load lazily in each layout's Suspense; RouteErrorBoundary and ScrollRestoration do what
 * errorElement and the data router's ScrollRestoration did.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
