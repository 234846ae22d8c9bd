import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@contract/locales';
import { pageContentSchema } from './page-content';

const CONTENT_DIR = join(import.meta.dirname, 'content');
const PAGES = [
  'ban',
  'complaints',
  'cookies',
  'faq',
  'pricing',
  'privacy',
  'return-policy',
  'service',
  'terms',
];

const read = (locale: string, page: string) =>
  pageContentSchema.parse(
    JSON.parse(readFileSync(join(CONTENT_DIR, locale, `${page}.json`), 'utf8')),
  );
const placeholdersOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

describe('page content', () => {
  it('exists for every page in every locale', () => {
    for (const locale of LOCALES) {
      expect(readdirSync(join(CONTENT_DIR, locale)).sort(), locale).toEqual(
        PAGES.map((p) => `${p}.json`),
      );
    }
  });

  for (const page of PAGES) {
    it(`${page} has the same sections and placeholders in every locale`, () => {
      const english = read('en', page);
      const englishPlaceholders = new Set(placeholdersOf(JSON.stringify(english)));
      for (const locale of LOCALES) {
        const content = read(locale, page);
        expect(content.sections.length, `${locale}/${page}`).toBe(english.sections.length);
        for (const name of placeholdersOf(JSON.stringify(content))) {
          expect(englishPlaceholders.has(name), `${locale}/${page} {{${name}}}`).toBe(true);
        }
      }
    });
  }
});
