import { describe, expect, it } from 'vitest';
import { initialLocale } from './initial-locale';

describe('initialLocale (spec §7 settings handling)', () => {
  it('keeps the locale cookie', () => {
    expect(initialLocale('de', 'nl-NL')).toBe('de');
  });

  it('takes the first two letters of domain_language when there is no cookie', () => {
    expect(initialLocale(undefined, 'nl-NL')).toBe('nl');
    expect(initialLocale(undefined, 'SV')).toBe('sv');
  });

  it('falls back to English for an unsupported or missing domain language', () => {
    expect(initialLocale(undefined, 'pt-BR')).toBe('en');
    expect(initialLocale(undefined, null)).toBe('en');
  });
});
