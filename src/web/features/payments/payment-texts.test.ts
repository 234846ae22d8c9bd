import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@contract/locales';
import type { Transaction } from '@contract/payments';
import { withoutFinalDot } from './checkout-notes';
import { statusTextsOf, statusViewOf } from './payment-status';

// Payment texts a member meets (issue 23 item 13), checked in every locale.
const LOCALES_DIR = join(import.meta.dirname, '..', '..', '..', 'locales');
const catalogue = (locale: string, namespace: string) =>
  JSON.parse(readFileSync(join(LOCALES_DIR, locale, `${namespace}.json`), 'utf8')) as Record<
    string,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    any
  >;

describe('payment texts', () => {
  it('says “Sold by Amora Online B.V.” with one full stop in every locale', () => {
    for (const locale of LOCALES) {
      const seller = catalogue(locale, 'payments').seller as string;
      // The company's name ends the sentence, so its own final dot is the sentence's.
      expect(seller, locale).toMatch(/\{\{company\}\}\.$/);
      const shown = seller.replace('{{company}}', withoutFinalDot('Amora Online B.V.'));
      expect(shown, locale).toMatch(/ B\.V\.$/);
      expect(seller.replace('{{company}}', withoutFinalDot('Amora Online'))).toMatch(/Online\.$/);
    }
  });

  it('reports a cancelled, an expired and a failed payment each in its own words', () => {
    const transaction = (status: Transaction['status']) => ({ status }) as Transaction;
    const keys = (['failed', 'canceled', 'expired'] as const).map((status) =>
      statusTextsOf(statusViewOf(transaction(status)), transaction(status)),
    );
    expect(keys).toEqual(['failed', 'canceled', 'expired']);
    expect(statusTextsOf('pending', transaction('open'))).toBe('open');
    for (const locale of LOCALES) {
      const status = catalogue(locale, 'payments').status;
      const titles = keys.map((key) => status[key]?.title as string | undefined);
      expect(new Set(titles).size, locale).toBe(3);
      for (const key of keys) expect(status[key]?.text, `${locale} ${key}`).toBeTruthy();
    }
  });

  it('has the pricing table’s headings in each language, not in English', () => {
    const english = catalogue('en', 'credits').pricing as Record<string, string>;
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const pricing = catalogue(locale, 'credits').pricing as Record<string, string>;
      for (const [key, text] of Object.entries(english))
        expect(pricing[key], `${locale} ${key}`).not.toBe(text);
    }
  });
});
