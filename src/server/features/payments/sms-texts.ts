import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale } from '@contract/locales';

// STYLE.md §12: the text comes from the same catalogue the web app uses (payments → sms).
const LOCALES_DIR = fileURLToPath(new URL('../../../web/locales/', import.meta.url));
const TEXTS = Object.fromEntries(
  LOCALES.map((locale) => {
    const json = JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/payments.json`, 'utf8')) as {
      sms: string;
    };
    return [locale, json.sms];
  }),
) as Record<Locale, string>;

/** The direct-debit code text in the member's language. */
export function directDebitCodeText(language: string, site: string, code: string): string {
  const template = TEXTS[isLocale(language) ? language : DEFAULT_LOCALE];
  return template.replace('{{site}}', site).replace('{{code}}', code);
}
