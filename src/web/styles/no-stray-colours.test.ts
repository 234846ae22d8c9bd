import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findStrayColours } from './stray-colours';

// Issue 32 item 1: every colour of the web app comes from the design tokens. Only
// _tokens.scss writes a colour; everything else reads `var(--app-…)` or `var(--bs-…)`.
const WEB = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(WEB, '../..');

/** Files that may hold a literal colour, and why (docs/design.md "Exceptions"). */
const EXCEPTIONS: Record<string, string> = {
  'src/web/styles/_tokens.scss': 'the design tokens themselves',
  'src/web/styles/stray-colours.ts': 'the rules of this test',
};
const SKIPPED_FOLDERS = new Set(['public', 'node_modules']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    if (/\.test\.tsx?$/.test(entry.name)) return [];
    return /\.(scss|css|tsx?)$/.test(entry.name) ? [path] : [];
  });
}

describe('colours come from the design tokens (issue 32 item 1)', () => {
  it('no stylesheet or script under src/web writes a colour outside _tokens.scss', () => {
    const strays = sourceFiles(WEB).flatMap((path) => {
      const file = relative(ROOT, path);
      if (file in EXCEPTIONS) return [];
      const kind = /\.s?css$/.test(path) ? 'style' : 'script';
      return findStrayColours(readFileSync(path, 'utf8'), kind).map(
        (stray) => `${file}:${stray.line}: ${stray.text}`,
      );
    });
    expect(strays, 'use a token (var(--app-…)) instead; docs/design.md lists them').toEqual([]);
  });

  it('the guard finds what it should and lets tokens pass', () => {
    const style = [
      '.a { color: #fff; }',
      '.b { background: rgba(0, 0, 0, 0.5); }',
      '.c { border: 1px solid white; }',
      '.d { color: var(--app-text); background: rgba(var(--app-accent-rgb), 0.1); }',
      '// a comment may say #1d1a2b',
      '.e { white-space: nowrap; background: transparent; color: currentColor; }',
      '.f { fill: hsl(200, 50%, 50%); }',
    ].join('\n');
    expect(findStrayColours(style, 'style').map((stray) => stray.line)).toEqual([1, 2, 3, 7]);
    const script = [
      "const colour = '#0d6efd';",
      '<a href="#content">skip</a>',
      '<path fill="white" />',
      "<div style={{ color: 'var(--app-text)' }} />",
      "context.fillStyle = 'rgba(0,0,0,0.75)';",
    ].join('\n');
    expect(findStrayColours(script, 'script').map((stray) => stray.line)).toEqual([1, 3, 5]);
  });
});
