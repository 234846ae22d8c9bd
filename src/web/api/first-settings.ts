import type { QueryClient } from '@tanstack/react-query';
import { INLINED_SETTINGS_ID } from '@contract/first-paint';
import type { Locale } from '@contract/locales';
import type { SiteSettings } from '@contract/settings';
import { initialLocale } from '@web/i18n/initial-locale';
import { settingsQuery } from './site-api';

interface InlinedSettings {
  /** The language the server wrote the settings in. */
  locale: string;
  settings: SiteSettings;
}

/**
 * The settings answer the server wrote into the page (src/server/http/app-page.ts), or
 * undefined when the page has none or it cannot be read.
 */
function readInlinedSettings(): InlinedSettings | undefined {
  const block = document.getElementById(INLINED_SETTINGS_ID);
  const locale = block?.dataset.locale;
  if (!block?.textContent || !locale) return undefined;
  try {
    // The answer of settings.php as is: { settings }.
    const answer = JSON.parse(block.textContent) as { settings?: SiteSettings } | null;
    const settings = answer?.settings;
    return settings && typeof settings === 'object' ? { locale, settings } : undefined;
  } catch {
    return undefined;
  }
}

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
  const inlined = readInlinedSettings();
  if (inlined) {
    const locale = initialLocale(cookieLocale, inlined.settings.domain_language);
    if (locale === inlined.locale) {
      queryClient.setQueryData(settingsQuery(locale).queryKey, inlined.settings);
      return { site: inlined.settings, locale };
    }
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
