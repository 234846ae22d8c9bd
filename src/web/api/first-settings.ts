import { type QueryClient, onlineManager } from '@tanstack/react-query';
import { INLINED_SETTINGS_ID } from '@contract/first-paint';
import type { Locale } from '@contract/locales';
import type { SiteSettings } from '@contract/settings';
import { initialLocale } from '@web/i18n/initial-locale';
import { settingsQuery } from './site-api';

/**
 * The site's settings for the first render, and the language the app renders in (spec §7
 * "Settings handling": the locale cookie, else the site's domain_language). The page carries
 * them (issue 25 item 6: no round trip before the first paint), and they become the settings
 * query's data; a page without them, or with them in another language, has them asked for.
 */
export async function firstSettings(
  queryClient: QueryClient,
  cookieLocale: Locale | undefined,
): Promise<{ site: SiteSettings; locale: Locale }> {
  // The settings answer the server wrote into the page (src/server/http/app-page.ts), as
  // settings.php sends it, and the language it is in; none when missing or unreadable.
  const block = document.getElementById(INLINED_SETTINGS_ID);
  let inlined: SiteSettings | undefined;
  try {
    inlined = (JSON.parse(block!.textContent!) as { settings?: SiteSettings }).settings;
  } catch {
    // No block, or not JSON: asked for below.
  }
  if (inlined) {
    const locale = initialLocale(cookieLocale, inlined.domain_language);
    if (locale === block!.dataset.locale) {
      queryClient.setQueryData(settingsQuery(locale).queryKey, inlined);
      return { site: inlined, locale };
    }
    // The service worker's offline shell carries the settings in the language it was kept in
    // (issue 29 item 12): offline, they render the app at once; the settings in the chosen
    // language follow when the connection is back (site-provider.tsx asks for them).
    if (!onlineManager.isOnline()) return { site: inlined, locale };
  }
  // Settings decide the locale when no cookie is set, so they load first.
  const settings = await queryClient.fetchQuery(settingsQuery(cookieLocale ?? 'en'));
  const locale = initialLocale(cookieLocale, settings.domain_language);
  const site =
    locale === (cookieLocale ?? 'en')
      ? settings
      : await queryClient.fetchQuery(settingsQuery(locale));
  return { site, locale };
}
