import { useSyncExternalStore } from 'react';
import type { TFunction } from '@locales/translate';
import { type LanguageSwitch, type Namespace, translator } from './translator';

export type { TFunction } from '@locales/translate';

/**
 * The texts of one namespace, or of a list looked up in order (the first that has a key
 * wins, as react-i18next's nsMode "fallback" did). Suspends until they are loaded in the
 * current language, and renders again when the language changes.
 */
export function useTranslation(namespaces: Namespace | readonly Namespace[] = 'common'): {
  t: TFunction;
  i18n: LanguageSwitch;
} {
  const language = useSyncExternalStore(
    translator.subscribe,
    translator.getLanguage,
    translator.getLanguage,
  );
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  translator.suspendUntilLoaded(language, list);
  return { t: translator.fixedT(language, list), i18n: translator.languageSwitch };
}
