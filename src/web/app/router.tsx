import { createBrowserRouter } from 'react-router';
import { ROUTES, toRouterPath } from '@contract/routes';
import { NotFoundPage } from '@web/components/error-page';
import { DefaultLayout } from '@web/layouts/default-layout';
import { LanderLayout } from '@web/layouts/lander-layout';
import { RootShell } from './root-shell';
import { RouteErrorPage } from './route-error-page';

const path = (name: keyof typeof ROUTES) => toRouterPath(ROUTES[name]);

// Every route's code is loaded lazily (DESIGN.md §6); names and paths come from spec §2.
export const router = createBrowserRouter([
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <DefaultLayout />,
        errorElement: <RouteErrorPage />,
        children: [
          {
            id: 'index',
            path: path('index'),
            lazy: () =>
              import('@web/features/home/index-page').then((m) => ({ Component: m.IndexPage })),
          },
          {
            id: 'pages-slug',
            path: path('pages-slug'),
            lazy: () =>
              import('@web/features/pages/static-page').then((m) => ({ Component: m.StaticPage })),
          },
          {
            id: 'pricing',
            path: path('pricing'),
            lazy: () =>
              import('@web/features/pages/pricing-page').then((m) => ({
                Component: m.PricingPage,
              })),
          },
          {
            id: 'complaints',
            path: path('complaints'),
            lazy: () =>
              import('@web/features/pages/complaints-page').then((m) => ({
                Component: m.ComplaintsPage,
              })),
          },
          {
            id: 'login',
            path: path('login'),
            lazy: () =>
              import('@web/features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
          },
          {
            id: 'signup',
            path: path('signup'),
            lazy: () =>
              import('@web/features/auth/signup-page').then((m) => ({ Component: m.SignupPage })),
          },
          {
            id: 'signup-matches',
            path: path('signup-matches'),
            lazy: () =>
              import('@web/features/account/signup-matches-page').then((m) => ({
                Component: m.SignupMatchesPage,
              })),
          },
          {
            id: 'complete-signup',
            path: path('complete-signup'),
            lazy: () =>
              import('@web/features/account/complete-signup-page').then((m) => ({
                Component: m.CompleteSignupPage,
              })),
          },
          {
            id: 'reset-password',
            path: path('reset-password'),
            lazy: () =>
              import('@web/features/auth/reset-password-page').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            id: 'reset-password-do',
            path: path('reset-password-do'),
            lazy: () =>
              import('@web/features/auth/reset-password-do-page').then((m) => ({
                Component: m.ResetPasswordDoPage,
              })),
          },
          {
            id: 'activate-done',
            path: path('activate-done'),
            lazy: () =>
              import('@web/features/auth/activate-pages').then((m) => ({
                Component: m.ActivateDonePage,
              })),
          },
          {
            id: 'activate-error',
            path: path('activate-error'),
            lazy: () =>
              import('@web/features/auth/activate-pages').then((m) => ({
                Component: m.ActivateErrorPage,
              })),
          },
          {
            id: 'mail-change-do',
            path: path('mail-change-do'),
            lazy: () =>
              import('@web/features/auth/mail-change-do-page').then((m) => ({
                Component: m.MailChangeDoPage,
              })),
          },
          {
            id: 'settings',
            path: path('settings'),
            lazy: () =>
              import('@web/features/account/settings-page').then((m) => ({
                Component: m.SettingsPage,
              })),
          },
          {
            id: 'profile',
            path: path('profile'),
            lazy: () =>
              import('@web/features/profiles/profile-page').then((m) => ({
                Component: m.ProfilePage,
              })),
          },
          {
            id: 'members-id',
            path: path('members-id'),
            lazy: () =>
              import('@web/features/members/member-page').then((m) => ({
                Component: m.MemberPage,
              })),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <LanderLayout />,
        errorElement: <RouteErrorPage />,
        children: [],
      },
    ],
  },
]);
