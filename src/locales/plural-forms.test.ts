import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@contract/locales';

// Issue 31 item 3: a text with plural forms has every form its language's Intl.PluralRules
// can choose (pl: one, few, many, other; es, fr, it: one, many, other, the `many` of a
// million: "1 000 000 de crédits"), so none silently falls back to `_other`.
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;

function keysOf(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) =>
      keysOf(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

describe('plural texts', () => {
  it.each(LOCALES)('in %s have every form Intl.PluralRules chooses', (locale) => {
    const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const missing = readdirSync(join(import.meta.dirname, locale)).flatMap((file) => {
      const keys = new Set(
        keysOf(JSON.parse(readFileSync(join(import.meta.dirname, locale, file), 'utf8'))),
      );
      const bases = new Set([...keys].flatMap((key) => PLURAL.exec(key)?.[1] ?? []));
      return [...bases].flatMap((base) =>
        forms
          .filter((form) => !keys.has(`${base}_${form}`))
          .map((form) => `${file} ${base}_${form}`),
      );
    });
    expect(missing).toEqual([]);
  });
});
