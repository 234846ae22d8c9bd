import type { Locale } from '@contract/locales';
import { type Namespace, translator } from './translator';

/** What every first page needs; the features' namespaces load when first rendered. */
const NAMESPACES: Namespace[] = ['common'];

/**
 * Starts the translator in the visitor's language with its shared texts (DESIGN.md §6). No
 * other language is loaded: every language has every key (locales.test.ts), so none is
 * needed as a fallback, and naming one would load it on every first page (issue 25 item 6).
 */
export async function initI18n(locale: Locale): Promise<void> {
  await translator.changeLanguage(locale);
  await translator.loadNamespaces(...NAMESPACES);
  document.documentElement.lang = locale;
}
