import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@contract/locales';
import { WEB_NAMESPACES } from './translator';

// docs/decisions.md "Our own translator": the web app's translator supports `{{name}}`
// placeholders, plural forms by Intl.PluralRules and nested keys, nothing more. These fail
// loudly when a text needs something it would show raw: i18next's nesting `$t(...)`,
// formatting `{{x, number}}`, context or `_zero`/ordinal suffixes, arrays or non-texts.

const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'locales');
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;

function textsOf(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) =>
      textsOf(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [[prefix, value]];
}

const catalogues = LOCALES.flatMap((locale) =>
  readdirSync(join(LOCALES_DIR, locale)).map((file) => ({
    locale,
    file,
    texts: textsOf(JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), 'utf8'))),
  })),
);

describe('the texts of the web app', () => {
  it('are all strings, with no nesting and no placeholders but {{name}}', () => {
    const unsupported = catalogues.flatMap(({ locale, file, texts }) =>
      texts
        .filter(
          ([, text]) =>
            typeof text !== 'string' ||
            text.includes('$t(') ||
            text.replace(/\{\{\w+\}\}/g, '').includes('{{'),
        )
        .map(([key]) => `${locale}/${file} ${key}`),
    );
    expect(unsupported).toEqual([]);
  });

  it.each(LOCALES)(
    'in %s use only plural forms its Intl.PluralRules chooses, with _other',
    (locale) => {
      const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const wrong = catalogues
        .filter((catalogue) => catalogue.locale === locale)
        .flatMap(({ file, texts }) => {
          const keys = new Set(texts.map(([key]) => key));
          return [...keys].flatMap((key) => {
            const [, base, form] = PLURAL.exec(key) ?? [];
            if (!base || !form) return [];
            const ok = forms.includes(form as Intl.LDMLPluralRule) && keys.has(`${base}_other`);
            return ok ? [] : [`${file} ${key}`];
          });
        });
      expect(wrong).toEqual([]);
    },
  );

  it('live in the namespaces the translator knows (mail.json is the server’s)', () => {
    // Namespaces only the server reads (src/server/i18n/server-texts.ts), never the web app.
    const serverOnly = ['mail'];
    const files = readdirSync(join(LOCALES_DIR, 'en')).map((file) => file.replace(/\.json$/, ''));
    expect(files.filter((file) => !serverOnly.includes(file)).sort()).toEqual(
      [...WEB_NAMESPACES].sort(),
    );
  });
});
