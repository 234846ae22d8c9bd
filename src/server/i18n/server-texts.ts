import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, type Locale, isLocale } from '@contract/locales';
import { FALLBACK_LANGUAGE, withFallbackTexts } from '@locales/fallback-texts';
import { type Catalogue, type TFunction, createT } from '@locales/translate';

// STYLE.md §12: mail, SMS and push say what the web app says, from the same catalogues
// (src/locales/<lang>/<namespace>.json) through the same translate function (issue 31 item 3).
const LOCALES_DIR = fileURLToPath(new URL('../../locales/', import.meta.url));

const catalogues = new Map<string, Catalogue>();
const translators = new Map<string, TFunction>();
const warned = new Set<string>();

function readCatalogue(language: Locale, namespace: string): Catalogue {
  // A namespace the server names must exist: a typo fails the first send loudly, in tests.
  return JSON.parse(
    readFileSync(`${LOCALES_DIR}${language}/${namespace}.json`, 'utf8'),
  ) as Catalogue;
}

/**
 * A language's texts with nl's for any it lacks (spec §1 "fallback nl"), as the web app's
 * build merges them (scripts/locale-fallback.ts). Read once, then kept: the files change
 * only with a deploy.
 */
function catalogueOf(language: Locale, namespace: string): Catalogue {
  const key = `${language}/${namespace}`;
  let catalogue = catalogues.get(key);
  if (!catalogue) {
    const own = readCatalogue(language, namespace);
    catalogue =
      language === FALLBACK_LANGUAGE
        ? own
        : withFallbackTexts(own, readCatalogue(FALLBACK_LANGUAGE, namespace));
    catalogues.set(key, catalogue);
  }
  return catalogue;
}

/**
 * The `t` of a namespace in a member's language (a language the app does not offer gets
 * the default, en): `{{name}}` placeholders, every occurrence, and plural forms by
 * Intl.PluralRules with `count`. Values are not escaped: HTML mail escapes what it writes.
 */
export function serverT(language: string, namespace: string): TFunction {
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  const key = `${locale}/${namespace}`;
  let t = translators.get(key);
  if (!t) {
    const catalogue = catalogueOf(locale, namespace);
    t = createT(
      locale,
      () => [catalogue],
      (missing) => {
        if (warned.has(`${key}: ${missing}`)) return;
        warned.add(`${key}: ${missing}`);
        console.warn(`Missing text ${key}: ${missing}`);
      },
    );
    translators.set(key, t);
  }
  return t;
}
