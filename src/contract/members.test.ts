import { differenceInYears, parseISO } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageFromDateOfBirth } from './members';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

describe('ageFromDateOfBirth', () => {
  it('agrees with date-fns for every real date of birth and later day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (birth, today) => {
          fc.pre(birth.getTime() <= today.getTime());
          const dateOfBirth = isoDate(birth);
          expect(ageFromDateOfBirth(dateOfBirth, today)).toBe(
            differenceInYears(today, parseISO(dateOfBirth)),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('counts a birthday from its day on, 29 February included', () => {
    expect(ageFromDateOfBirth('2000-06-15', new Date(2018, 5, 14))).toBe(17);
    expect(ageFromDateOfBirth('2000-06-15', new Date(2018, 5, 15))).toBe(18);
    expect(ageFromDateOfBirth('2000-02-29', new Date(2001, 1, 28))).toBe(0);
    expect(ageFromDateOfBirth('2000-02-29', new Date(2001, 2, 1))).toBe(1);
  });

  it('is NaN for anything but a real calendar date', () => {
    for (const text of [
      '',
      '1990-13-01',
      '1990-02-30',
      '1990-2-3',
      '19900203',
      'soon',
      '1990-02-03x',
    ]) {
      expect(ageFromDateOfBirth(text), text).toBeNaN();
    }
  });
});
