import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCodesOf } from '@contract/endpoint';
import { ALL_ENDPOINTS } from '@contract/endpoints';
import { ERROR_CODES, FIELD_ERROR_CODES } from '@contract/errors';
import { LOCALES } from '@contract/locales';

// issue 7 §2: every code an endpoint may answer, and every field code, has a text the
// client shows, in every language.
const errorsOf = (locale: string) =>
  (
    JSON.parse(readFileSync(`src/locales/${locale}/common.json`, 'utf8')) as {
      errors: Record<string, string>;
    }
  ).errors;

describe('translated error texts', () => {
  const endpointCodes = new Set(ALL_ENDPOINTS.flatMap((endpoint) => errorCodesOf(endpoint)));
  const codes = [...new Set([...ERROR_CODES, ...FIELD_ERROR_CODES])];

  it('cover every code an endpoint declares', () => {
    for (const code of endpointCodes) expect(ERROR_CODES).toContain(code);
  });

  it.each(LOCALES)('exist in %s for every error and field code', (locale) => {
    const texts = errorsOf(locale);
    const missing = codes.filter((code) => !texts[code]?.trim());
    expect(missing).toEqual([]);
  });
});
