import type { SeededRandom } from './seeded-random';

// Letters surnames commonly start with in the site's languages (no Q, X or Y).
const INITIALS = 'ABCDEFGHIJKLMNOPRSTVWZ';

/**
 * Demo names unique on one site (issue 29 item 19: the same name and age twice among ten
 * results read as a copy). A first name of the member's language with a surname's initial,
 * "Sanne B.", as many dating sites show members; a second initial only once the 264
 * combinations of one language and gender are used up (thousands of demo members).
 */
export function uniqueNamePicker(random: SeededRandom) {
  const taken = new Set<string>();
  return (firstNames: readonly string[]): string => {
    const first = random.int(0, firstNames.length - 1);
    const initial = random.int(0, INITIALS.length - 1);
    for (let extra = -1; extra < INITIALS.length; extra += 1) {
      const second = extra < 0 ? '' : `${INITIALS[extra]}.`;
      for (let step = 0; step < firstNames.length * INITIALS.length; step += 1) {
        const name = firstNames[(first + Math.floor(step / INITIALS.length)) % firstNames.length]!;
        const letter = INITIALS[(initial + step) % INITIALS.length]!;
        const candidate = second ? `${name} ${letter}.${second}` : `${name} ${letter}.`;
        if (!taken.has(candidate)) {
          taken.add(candidate);
          return candidate;
        }
      }
    }
    throw new Error('no unique demo name left');
  };
}
