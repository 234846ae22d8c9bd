import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { FALLBACK_LANGUAGE, withFallbackTexts } from '../src/locales/fallback-texts';
import type { Catalogue } from '../src/locales/translate';

// src/locales/<lang>/<namespace>.json
const CATALOGUE = /([\\/]locales[\\/])([a-z]{2})([\\/][\w-]+\.json)$/;

/**
 * spec §1 "fallback nl": each language's texts chunk carries nl's text for any key it lacks
 * (src/locales/fallback-texts.ts), merged as the app is built, so the web translator needs
 * no second language at run time (issue 29 item 18; issue 25 item 6: the first load).
 */
export function localeFallback(): Plugin {
  return {
    name: 'locale-fallback',
    enforce: 'pre',
    transform(code, id) {
      const match = CATALOGUE.exec(id);
      if (!match || match[2] === FALLBACK_LANGUAGE) return null;
      const fallbackPath = id.replace(CATALOGUE, `$1${FALLBACK_LANGUAGE}$3`);
      if (!existsSync(fallbackPath)) return null;
      this.addWatchFile(fallbackPath);
      const fallback = JSON.parse(readFileSync(fallbackPath, 'utf8')) as Catalogue;
      return JSON.stringify(withFallbackTexts(JSON.parse(code) as Catalogue, fallback));
    },
  };
}
