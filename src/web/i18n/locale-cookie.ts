import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  type Locale,
  isLocale,
} from '@contract/locales';
import { COUNTRY_COOKIE } from '@contract/country-cookie';

export function readLocaleCookie(): Locale | undefined {
  const value = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
  return isLocale(value) ? value : undefined;
}

// spec §1/§9: a locale change is stored in a cookie for 365 days.
export function writeLocaleCookie(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; path=/; samesite=lax`;
}

// issue 25 item 4: the country chosen on /lang-config is kept as long as the locale (spec §9).
export function writeCountryCookie(country: string): void {
  document.cookie = `${COUNTRY_COOKIE}=${country}; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; path=/; samesite=lax`;
}
