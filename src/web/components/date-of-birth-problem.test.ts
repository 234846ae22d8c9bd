import { describe, expect, it } from 'vitest';
import { dateOfBirthProblem } from './date-of-birth-problem';

const today = new Date('2026-03-10T12:00:00Z');

describe('dateOfBirthProblem (spec §5)', () => {
  it('accepts a member who is the minimum age today', () => {
    expect(dateOfBirthProblem('2008-03-10', 18, today)).toBeNull();
    expect(dateOfBirthProblem('1970-01-01', 18, today)).toBeNull();
  });

  it('calls a 17-year-old underage, not an invalid date', () => {
    expect(dateOfBirthProblem('2008-03-11', 18, today)).toBe('underage');
    expect(dateOfBirthProblem('2030-01-01', 18, today)).toBe('underage');
  });

  it('follows the site minimum age', () => {
    expect(dateOfBirthProblem('2005-06-01', 21, today)).toBe('underage');
    expect(dateOfBirthProblem('2005-06-01', 18, today)).toBeNull();
  });

  it('calls an impossible age invalid', () => {
    expect(dateOfBirthProblem('1890-01-01', 18, today)).toBe('invalid');
  });
});
