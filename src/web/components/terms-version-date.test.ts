import { describe, expect, it } from 'vitest';
import { termsVersionDate } from './terms-version-date';

describe('termsVersionDate (spec §9)', () => {
  it('is 2023-12-01 12:00 UTC when the company was added earlier or is unknown', () => {
    expect(termsVersionDate('2020-01-01T00:00:00.000Z').toISOString()).toBe(
      '2023-12-01T12:00:00.000Z',
    );
    expect(termsVersionDate(undefined).toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('not a date').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });

  it('is the company-added date when that is later', () => {
    expect(termsVersionDate('2024-03-01T09:00:00.000Z').toISOString()).toBe(
      '2024-03-01T09:00:00.000Z',
    );
  });
});
