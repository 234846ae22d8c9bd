/**
 * The country a visitor chose on /lang-config (issue 25 item 4): kept like the locale, for 365
 * days (spec §9), and used by settings.php as geoip_selected_country when the site serves it.
 */
// Apart from settings.ts and its schemas: the web app reads it on every first load.
export const COUNTRY_COOKIE = 'country';
