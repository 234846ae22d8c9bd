import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@contract/locales';

const LOCALES_DIR = import.meta.dirname;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatKeys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => flatKeys(child, `${prefix}${key}.`));
  }
  return [prefix.slice(0, -1)];
}

/** Keys with plural forms folded together: languages differ in how many forms they need. */
function keysOf(locale: string, namespace: string): Map<string, string> {
  const json: unknown = JSON.parse(readFileSync(join(LOCALES_DIR, locale, namespace), 'utf8'));
  const entries = new Map<string, string>();
  const walk = (value: unknown, prefix: string) => {
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, `${prefix}${key}.`);
    } else {
      const key = prefix.slice(0, -1).replace(PLURAL_SUFFIX, '');
      const placeholders = [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      entries.set(key, [...new Set(placeholders)].filter((name) => name !== 'count').join(','));
    }
  };
  walk(json, '');
  return entries;
}

const namespaces = readdirSync(join(LOCALES_DIR, 'en'));
// Beside the language folders stand the translate function and its tests.
const languageDirectories = readdirSync(LOCALES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('translations', () => {
  it('has a catalogue for every locale', () => {
    expect(languageDirectories.sort()).toEqual([...LOCALES].sort());
    expect(flatKeys({ a: { b: 1 } })).toEqual(['a.b']);
  });

  for (const namespace of namespaces) {
    const english = keysOf('en', namespace);
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      it(`${locale}/${namespace} has exactly the keys and placeholders en has`, () => {
        const other = keysOf(locale, namespace);
        expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
        for (const [key, placeholders] of english) {
          expect(other.get(key), `${locale} ${key}`).toBe(placeholders);
        }
      });
    }
  }
});
