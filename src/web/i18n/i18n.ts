import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '@contract/locales';

export const NAMESPACES = ['common'] as const;

/**
 * i18next with one JSON file per language and namespace, each loaded on demand so a visitor
 * downloads only their own language (DESIGN.md §6). nl is the fallback (spec §1).
 */
export async function initI18n(locale: Locale): Promise<typeof i18next> {
  await i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend(
        (language: string, namespace: string) => import(`../locales/${language}/${namespace}.json`),
      ),
    )
    .init({
      lng: locale,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  document.documentElement.lang = locale;
  return i18next;
}
