import { isOldEnough } from '@contract/account';
import { ageFromDateOfBirth } from '@contract/members';

/**
 * spec §5: a birth date under the site's minimum age is told apart from a malformed one, so
 * the message can name the minimum age (min_age+) instead of "Invalid date of birth".
 */
export function dateOfBirthProblem(
  dateOfBirth: string,
  minimumAge: number,
  today = new Date(),
): 'underage' | 'invalid' | null {
  if (isOldEnough(dateOfBirth, minimumAge, today)) return null;
  const age = ageFromDateOfBirth(dateOfBirth, today);
  return Number.isFinite(age) && age < minimumAge ? 'underage' : 'invalid';
}
