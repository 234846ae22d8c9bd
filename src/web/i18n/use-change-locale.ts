import { useCallback } from 'react';
import { useTranslation } from './use-translation';
import type { Locale } from '@contract/locales';
import { writeLocaleCookie } from './locale-cookie';

const localeChangeListeners = new Set<(locale: Locale) => void>();

/** Lets features react to a locale change (the account feature tells the server: spec §7). */
export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  localeChangeListeners.add(listener);
  return () => localeChangeListeners.delete(listener);
}

export function useChangeLocale() {
  const { i18n } = useTranslation();
  return useCallback(
    async (locale: Locale) => {
      writeLocaleCookie(locale);
      await i18n.changeLanguage(locale);
      document.documentElement.lang = locale;
      localeChangeListeners.forEach((listener) => listener(locale));
    },
    [i18n],
  );
}
