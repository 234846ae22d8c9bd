import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@contract/locales';

export const NAMESPACES = ['common'] as const;

/**
 * i18next with one JSON file per language and namespace, each loaded on demand so a visitor
 * downloads only their own language (DESIGN.md §6).
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
      // Every language has every key (locales.test.ts), so no fallback is needed; naming one
      // would load a second language's texts on every first page (issue 25 item 6).
      fallbackLng: false,
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
