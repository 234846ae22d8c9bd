import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Browser test files share one server and one seeded database, so each takes its own demo
// members by position (`demoMembers(db, count, { skip })`). When two files share a member, one
// file's ban, block or unconfirmed address breaks the other's login (CI run of stop 34: a
// moderation test banned the member the chat's day-separator test logged in). This test
// reads every file's positions and refuses an overlap between files.

// e2e/support/server.ts seeds 54 demo members: one is the demo login, one is fictional.
const VISIBLE_REAL_DEMO_MEMBERS = 52;
const E2E_DIR = join(import.meta.dirname, '..');
const TAKE = /(?:demoMembers\(db, |\bmembers\()(\d+)(?:, \{ skip: (\d+) \})?\)/g;

function positionsByFile(): Map<string, Set<number>> {
  const files = [
    ...readdirSync(E2E_DIR).filter((name) => name.endsWith('.ts')),
    ...readdirSync(join(E2E_DIR, 'support'))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => join('support', name)),
  ];
  const taken = new Map<string, Set<number>>();
  for (const file of files) {
    const source = readFileSync(join(E2E_DIR, file), 'utf8');
    // A file that starts a server of its own shares no member with the other files.
    if (source.includes('await startServer(')) continue;
    for (const [, count, skip = '0'] of source.matchAll(TAKE)) {
      const positions = taken.get(file) ?? new Set<number>();
      for (let n = 0; n < Number(count); n++) positions.add(Number(skip) + n);
      taken.set(file, positions);
    }
  }
  return taken;
}

describe('demo members taken by browser test files', () => {
  const taken = positionsByFile();

  it('finds the files that take members', () => {
    expect(taken.size).toBeGreaterThan(10);
  });

  it('gives no member to two files', () => {
    const owner = new Map<number, string>();
    const shared: string[] = [];
    for (const [file, positions] of taken) {
      for (const position of positions) {
        const other = owner.get(position);
        if (other && other !== file) shared.push(`${position}: ${other} and ${file}`);
        owner.set(position, file);
      }
    }
    expect(shared).toEqual([]);
  });

  it('takes only members the test server seeds', () => {
    const beyond = [...taken].flatMap(([file, positions]) =>
      [...positions].filter((n) => n >= VISIBLE_REAL_DEMO_MEMBERS).map((n) => `${file}: ${n}`),
    );
    expect(beyond).toEqual([]);
  });

  // A file that picked its members with its own query was invisible to the check above: three
  // did, and two of them shared members with other files.
  it('leaves the choice of demo members to demoMembers alone', () => {
    const files = [
      ...readdirSync(E2E_DIR).map((name) => join(E2E_DIR, name)),
      ...readdirSync(join(E2E_DIR, 'support')).map((name) => join(E2E_DIR, 'support', name)),
    ].filter((path) => path.endsWith('.ts') && !/(demo-people|member-skips\.test)\.ts$/.test(path));
    const choosing = files.filter((path) =>
      /'is_demo', '=', 1\)[^;]*\.(?:limit|offset)\(/.test(readFileSync(path, 'utf8')),
    );
    expect(choosing).toEqual([]);
  });
});
