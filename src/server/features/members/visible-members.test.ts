import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// issue 24 §2: who may be seen is spelled once, in visible-members.ts; every list, lookup,
// send and replay uses that fragment. Before, the rule stood in 8 places and a database
// function. This keeps a ninth from appearing: no other server source tests the columns the
// rule reads, or leaves out blocked members on its own.
const serverRoot = join(__dirname, '..', '..');
const ALLOWED = new Set([
  'features/members/visible-members.ts',
  'features/blocks/without-blocked.ts',
]);
const RULE_SPELLINGS = [
  /members\.is_invisible['"`]?\s*,\s*['"`]?=/,
  /members\.profile_status['"`]?\s*,\s*['"`]?=/,
  /profile_status\s*===?\s*'enabled'/,
  /\bwithoutBlocked\(/,
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('visibleMembers', () => {
  it('is the one spelling of who may be seen on the server', () => {
    const elsewhere = sourceFiles(serverRoot)
      .map((path) => relative(serverRoot, path).replaceAll('\\', '/'))
      .filter((path) => !ALLOWED.has(path))
      .filter((path) => {
        const text = readFileSync(join(serverRoot, path), 'utf8');
        return RULE_SPELLINGS.some((pattern) => pattern.test(text));
      });
    expect(elsewhere).toEqual([]);
  });
});
