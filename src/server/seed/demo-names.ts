import type { SeededRandom } from './seeded-random';

// Letters surnames commonly start with in the site's languages (no Q, X or Y).
const INITIALS = 'ABCDEFGHIJKLMNOPRSTVWZ';

/**
 * Demo names unique on one site (issue 29 item 19: the same name and age twice among ten
 * results read as a copy): a first name of the member's language with a surname's initial,
 * "Sanne B.", as many dating sites show members. The first names least used so far come
 * first, so a list of a few cards rarely shows one twice; a second initial only once a
 * language's 264 combinations per gender are used up (thousands of demo members).
 */
export function uniqueNamePicker(random: SeededRandom) {
  const taken = new Set<string>();
  const uses = new Map<string, number>();
  const usesOf = (name: string) => uses.get(name) ?? 0;
  return (firstNames: readonly string[]): string => {
    const fewest = Math.min(...firstNames.map(usesOf));
    const first = random.pick(firstNames.filter((name) => usesOf(name) === fewest));
    const order = [first, ...firstNames.filter((name) => name !== first)];
    const initial = random.int(0, INITIALS.length - 1);
    for (const second of ['', ...INITIALS]) {
      for (const name of order) {
        for (let step = 0; step < INITIALS.length; step += 1) {
          const letter = INITIALS[(initial + step) % INITIALS.length]!;
          const candidate = second ? `${name} ${letter}.${second}.` : `${name} ${letter}.`;
          if (taken.has(candidate)) continue;
          taken.add(candidate);
          uses.set(name, usesOf(name) + 1);
          return candidate;
        }
      }
    }
    throw new Error('no unique demo name left');
  };
}
