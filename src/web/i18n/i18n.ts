import type { Locale } from '@contract/locales';
import { type Namespace, translator } from './translator';

/** What every first page needs; the features' namespaces load when first rendered. */
const NAMESPACES: Namespace[] = ['common'];

/**
 * Starts the translator in the visitor's language with its shared texts (DESIGN.md §6). No
 * other language is loaded: the nl fallback of spec §1 is merged into each language's texts
 * when the app is built (scripts/locale-fallback.ts), so loading none costs the first page
 * nothing (issue 25 item 6, issue 29 item 18).
 */
export async function initI18n(locale: Locale): Promise<void> {
  await translator.changeLanguage(locale);
  await translator.loadNamespaces(...NAMESPACES);
  document.documentElement.lang = locale;
}
