import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@contract/locales';

// STYLE.md §12: e-mails use the same catalogue files as the web app (namespace `mail`).
const LOCALES_DIR = fileURLToPath(new URL('../../web/locales/', import.meta.url));

// Every locale ships mail.json (the locale parity test checks); a missing one falls back to en.
const resources = Object.fromEntries(
  LOCALES.filter((locale) => existsSync(`${LOCALES_DIR}${locale}/mail.json`)).map((locale) => [
    locale,
    { mail: JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/mail.json`, 'utf8')) as object },
  ]),
);

const translator = i18next.createInstance();
await translator.init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  ns: ['mail'],
  defaultNS: 'mail',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function mailTranslator(locale: Locale): TFunction<'mail'> {
  return translator.getFixedT(locale, 'mail');
}
