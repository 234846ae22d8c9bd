// First: zod's config must stand before any schema is built (zod-jitless.ts).
import '@web/app/zod-jitless';
import { QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { firstSettings } from '@web/api/first-settings';
import { firstUserQuery, userQuery } from '@web/api/user-api';
import { createQueryClient } from '@web/app/query-client';
import { preloadPageOf } from '@web/app/app-routes';
import { loadMemberShell } from '@web/app/member-shell-parts';
import { AppRouter } from '@web/app/router';
import { registerServiceWorker } from '@web/app/service-worker-registration';
import { SiteProvider } from '@web/app/site-provider';
import { PageSpinner } from '@web/components/page-spinner';
import { timeBonusShows } from '@web/components/time-bonus-end';
import { initI18n } from '@web/i18n/i18n';
import { readLocaleCookie } from '@web/i18n/locale-cookie';
import { loadNamespaces } from '@web/i18n/translator';
import './styles/main.scss';

async function start() {
  // TanStack Query takes the browser for online until an `offline` event: an app opened
  // offline (the service worker's shell) would retry every call for 30 s before showing
  // anything (issue 29 item 12). Offline, the calls wait for the connection instead.
  onlineManager.setOnline(navigator.onLine);
  const queryClient = createQueryClient();
  const cookieLocale = readLocaleCookie();
  // Who is here is known before the first paint (in parallel with the settings): the menus,
  // banners and pages render once for a member instead of first as for a visitor, and
  // nothing moves when user.php answers (issue 25 item 6: CLS). A failure just renders as a
  // visitor; the query retries as before. Offline it renders at once, as for a visitor, and
  // the member's menus come when user.php answers (issue 29 item 12).
  // A member's menus and banners are a chunk of their own (issue 25 item 6), loaded as soon
  // as user.php names a member (beside the settings), so they are there at the first paint; a
  // visitor never loads it. Should it fail, the page still shows and the parts ask again.
  const userKnown = queryClient
    .prefetchQuery(firstUserQuery)
    .then(() =>
      queryClient.getQueryData(userQuery.queryKey)
        ? loadMemberShell().catch(() => undefined)
        : undefined,
    );
  preloadPageOf(window.location.pathname);
  // With a locale cookie the language is known now: its texts load beside the settings.
  const textsReady = cookieLocale ? initI18n(cookieLocale) : undefined;
  // The page carries the settings (issue 25 item 6); the language's texts are preloaded.
  const { site, locale } = await firstSettings(queryClient, cookieLocale);
  await Promise.all([textsReady ?? initI18n(locale), userKnown]);
  if (timeBonusShows(queryClient.getQueryData(userQuery.queryKey))) {
    await loadNamespaces('credits');
  }

  // Rendered as a transition (issue 32 item 10): React builds the first tree in slices of a
  // few milliseconds and lets the browser in between, instead of one task as long as the
  // whole tree (the member's menus, banners and page on a slow phone: the blocking time of
  // members' pages). Nothing is shown before the tree is complete either way: the page still
  // paints once, with the member's parts in it.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <SiteProvider initial={site}>
            <Suspense fallback={<PageSpinner />}>
              <AppRouter />
            </Suspense>
          </SiteProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  registerServiceWorker();
}

start().catch((error: unknown) => {
  // Without settings the app cannot render; say so plainly instead of a blank page.
  document.getElementById('root')!.innerHTML =
    '<p style="padding:2rem;font-family:sans-serif">The site could not be loaded. Please try again later.</p>';
  console.error(error);
});
