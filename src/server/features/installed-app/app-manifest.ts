import { appIconPath } from '@contract/installed-app';
import type { Locale } from '@contract/locales';
import { type Site, siteTextsFor } from '@server/features/sites';
import { ICON_SIZES } from './app-icons';

/** The web app manifest of one site in one language (issue 25 §5). */
export function appManifest(site: Site, locale: Locale) {
  const { name, app_colors: colors } = site.settings;
  const { description } = siteTextsFor(site, locale);
  return {
    id: '/',
    name,
    // The name under the icon on a home screen: cut where phones cut it anyway.
    short_name: name.length <= 12 ? name : name.slice(0, 12).trimEnd(),
    description,
    lang: locale,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: colors.brand,
    background_color: colors.background,
    icons: ICON_SIZES.flatMap((size) =>
      (['any', 'maskable'] as const).map((purpose) => ({
        src: appIconPath(purpose, size),
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose,
      })),
    ),
  };
}
