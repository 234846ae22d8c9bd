import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  type Locale,
  isLocale,
} from '@contract/locales';

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
