import { type ComponentType, lazy } from 'react';
import { type RouteObject, matchRoutes, useParams } from 'react-router';
import { MEMBER_LANDING_ROUTES } from '@contract/member-landing-routes';
import { ROUTES, WEB_APP_ROUTES, type WebAppRoute, toRouterPath } from '@contract/routes';
import { NotFoundPage } from '@web/components/error-page';
import { trackPageLoad } from '@web/components/page-loading';
import { ChatLayout } from '@web/layouts/chat-layout';
import { DefaultLayout } from '@web/layouts/default-layout';
import { LanderLayout } from '@web/layouts/lander-layout';
import { RootShell } from './root-shell';
import { RouteErrorBoundary } from './route-error-boundary';

type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * Every page of the web app, loaded lazily (DESIGN.md §6). Keyed by the spec route names in
 * WEB_APP_ROUTES: a page missing here, or one not in that list, does not compile.
 */
const PAGES: Record<WebAppRoute, LazyPage> = {
  index: () => import('@web/features/home/index-page').then((m) => ({ Component: m.IndexPage })),
  'pages-slug': () =>
    import('@web/features/pages/static-page').then((m) => ({ Component: m.StaticPage })),
  'pages-token': () =>
    import('@web/features/pages/static-page').then((m) => ({ Component: m.StaticPage })),
  'lang-config': () =>
    import('@web/features/account/lang-config-page').then((m) => ({
      Component: m.LangConfigPage,
    })),
  pricing: () =>
    import('@web/features/pages/pricing-page').then((m) => ({ Component: m.PricingPage })),
  complaints: () =>
    import('@web/features/pages/complaints-page').then((m) => ({ Component: m.ComplaintsPage })),
  login: () => import('@web/features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
  signup: () => import('@web/features/auth/signup-page').then((m) => ({ Component: m.SignupPage })),
  'signup-matches': () =>
    import('@web/features/account/signup-matches-page').then((m) => ({
      Component: m.SignupMatchesPage,
    })),
  'complete-signup': () =>
    import('@web/features/account/complete-signup-page').then((m) => ({
      Component: m.CompleteSignupPage,
    })),
  'reset-password': () =>
    import('@web/features/auth/reset-password-page').then((m) => ({
      Component: m.ResetPasswordPage,
    })),
  'reset-password-do': () =>
    import('@web/features/auth/reset-password-do-page').then((m) => ({
      Component: m.ResetPasswordDoPage,
    })),
  'activate-done': () =>
    import('@web/features/auth/activate-pages').then((m) => ({ Component: m.ActivateDonePage })),
  'activate-error': () =>
    import('@web/features/auth/activate-pages').then((m) => ({ Component: m.ActivateErrorPage })),
  'mail-change-do': () =>
    import('@web/features/auth/mail-change-do-page').then((m) => ({
      Component: m.MailChangeDoPage,
    })),
  'account-deleted': () =>
    import('@web/features/account/account-deleted-page').then((m) => ({
      Component: m.AccountDeletedPage,
    })),
  settings: () =>
    import('@web/app/routes/settings-route').then((m) => ({ Component: m.SettingsRoute })),
  notifications: () =>
    import('@web/features/notifications/notifications-page').then((m) => ({
      Component: m.NotificationsPage,
    })),
  profile: () =>
    import('@web/features/profiles/profile-page').then((m) => ({ Component: m.ProfilePage })),
  'members-id': () =>
    import('@web/features/members/member-page').then((m) => ({ Component: m.MemberPage })),
  members: () =>
    import('@web/features/members/search-page').then((m) => ({ Component: m.SearchPage })),
  likes: () =>
    import('@web/features/likes/likes-overview-page').then((m) => ({
      Component: m.LikesOverviewPage,
    })),
  'likes-type': () =>
    import('@web/features/likes/likes-list-page').then((m) => ({ Component: m.LikesListPage })),
  'likes-m-id': () =>
    import('@web/features/likes/liked-profile-page').then((m) => ({
      Component: m.LikedProfilePage,
    })),
  'match-finder': () =>
    import('@web/features/match-finder/match-finder-page').then((m) => ({
      Component: m.MatchFinderPage,
    })),
  premium: () =>
    import('@web/features/credits/premium-page').then((m) => ({ Component: m.PremiumPage })),
  credits: () =>
    import('@web/features/credits/credits-page').then((m) => ({ Component: m.CreditsPage })),
  'credits-repeat-order': () =>
    import('@web/features/credits/repeat-order-page').then((m) => ({
      Component: m.RepeatOrderPage,
    })),
  'credits-id-paymentmethod': () =>
    import('@web/features/payments/checkout-page').then((m) => ({ Component: m.CheckoutPage })),
  directdebit: () =>
    import('@web/features/payments/direct-debit-page').then((m) => ({
      Component: m.DirectDebitPage,
    })),
  'transactions-id': () =>
    import('@web/features/payments/transactions-page').then((m) => ({
      Component: m.TransactionsPage,
    })),
  'swipe-game': () =>
    import('@web/features/swipe-game/swipe-game-page').then((m) => ({
      Component: m.SwipeGamePage,
    })),
  chats: () => import('@web/features/chat/chats-page').then((m) => ({ Component: m.ChatsPage })),
  'chats-id': () =>
    import('@web/features/chat/conversation-page').then((m) => ({ Component: m.ChatPage })),
  'members-id-chat': () =>
    import('@web/features/chat/conversation-page').then((m) => ({ Component: m.MemberChatPage })),
  // Member landing pages (issue 25 item 2): three designs and the signup for one member.
  'members-id-landing': () =>
    import('@web/features/landers/member-landing/spotlight-landing-page').then((m) => ({
      Component: m.SpotlightLandingPage,
    })),
  'members-id-landing2-slug': () =>
    import('@web/features/landers/member-landing/chat-landing-page').then((m) => ({
      Component: m.ChatLandingPage,
    })),
  'members-id-landing3-slug': () =>
    import('@web/features/landers/member-landing/gallery-landing-page').then((m) => ({
      Component: m.GalleryLandingPage,
    })),
  'members-id-signup': () =>
    import('@web/features/landers/member-landing/member-signup-page').then((m) => ({
      Component: m.MemberSignupPage,
    })),
  'landers-slug': () =>
    import('@web/features/landers/lander-page').then((m) => ({ Component: m.LanderPage })),
  'export-id': () =>
    import('@web/features/account/data-export-page').then((m) => ({
      Component: m.DataExportPage,
    })),
};

// The operator console (issue 30): its own branch and layout, loaded only under /admin.
const AdminApp = lazy(() =>
  trackPageLoad(import('@web/admin/admin-app')).then((m) => ({ default: m.AdminApp })),
);

// spec §2 "Layouts": a conversation fills the screen in the chat layout.
const CHAT_LAYOUT_ROUTES: readonly WebAppRoute[] = ['chats-id', 'members-id-chat'];
// spec §2 "Layouts": where visitors arrive from ads, the lander layout.
const LANDER_LAYOUT_ROUTES: readonly WebAppRoute[] = [...MEMBER_LANDING_ROUTES, 'landers-slug'];

// The route id is the spec's route name, so the table can be checked against WEB_APP_ROUTES.
// Each page's code loads when it is first shown; the layout's Suspense shows the spinner
// meanwhile, and navigations keep the old page until the new one is ready (a transition).
const pageRoute = (name: WebAppRoute): RouteObject => {
  // Counted while it loads: the top progress bar shows meanwhile (spec §9).
  const Page = lazy(() => trackPageLoad(pageWithValueCheck(name)));
  return { id: name, path: toRouterPath(ROUTES[name]), element: <Page /> };
};

/**
 * A page shows only for the parameter values its route accepts (the contract's ROUTE_PARAMS,
 * the same rule the server answers 404 by: issue 29 item 17); any other value is the 404 page.
 * The rule (zod schemas) loads with the pages of routes that have parameters only, so the
 * first load of any other page carries none of it.
 */
async function pageWithValueCheck(name: WebAppRoute): Promise<{ default: ComponentType }> {
  // A route without parameters ({…} in its path) has no values to check.
  if (!ROUTES[name].includes('{')) {
    return { default: (await PAGES[name]()).Component };
  }
  const [{ Component }, { acceptsRouteParams }] = await Promise.all([
    PAGES[name](),
    import('@contract/route-params'),
  ]);
  function PageForValues() {
    const params = useParams();
    return acceptsRouteParams(name, params) ? <Component /> : <NotFoundPage />;
  }
  return { default: PageForValues };
}

const pageRoutes = WEB_APP_ROUTES.filter(
  (name) => !CHAT_LAYOUT_ROUTES.includes(name) && !LANDER_LAYOUT_ROUTES.includes(name),
).map(pageRoute);
const chatRoutes = CHAT_LAYOUT_ROUTES.map(pageRoute);
const landerRoutes = LANDER_LAYOUT_ROUTES.map(pageRoute);

/** The route tree: names and paths from spec §2; any other path shows the 404 page. */
export const appRoutes: RouteObject[] = [
  {
    path: '/admin/*',
    element: (
      <RouteErrorBoundary>
        <AdminApp />
      </RouteErrorBoundary>
    ),
  },
  {
    element: (
      <RouteErrorBoundary>
        <RootShell />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: (
          <RouteErrorBoundary>
            <DefaultLayout />
          </RouteErrorBoundary>
        ),
        children: [...pageRoutes, { path: '*', element: <NotFoundPage /> }],
      },
      {
        element: (
          <RouteErrorBoundary>
            <ChatLayout />
          </RouteErrorBoundary>
        ),
        children: chatRoutes,
      },
      {
        element: (
          <RouteErrorBoundary>
            <LanderLayout />
          </RouteErrorBoundary>
        ),
        children: landerRoutes,
      },
    ],
  },
];

/**
 * Starts loading the code of the page at `pathname` at once, while the settings load, so the
 * first render does not wait one more round trip for it (issue 25 item 6).
 */
export function preloadPageOf(pathname: string): void {
  const name = matchRoutes(appRoutes, pathname)?.at(-1)?.route.id;
  if (name && name in PAGES) PAGES[name as WebAppRoute]().catch(() => undefined);
}
