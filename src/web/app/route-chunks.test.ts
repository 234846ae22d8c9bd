import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEMBER_SHELL_CHUNK, ROUTE_CHUNKS } from '@contract/route-chunks';
import { WEB_APP_ROUTES } from '@contract/routes';
import { WEB_NAMESPACES } from '@web/i18n/translator';

// Issue 32 item 10: the server preloads each route's page chunk and texts by the contract's
// table (ROUTE_CHUNKS); this holds the table to the page table of app-routes.tsx, so a page
// moved or given a namespace of its own is not left preloading the wrong file.

const WEB = join(import.meta.dirname, '..');
const source = (path: string) => readFileSync(join(WEB, path), 'utf8');

/** The module each route's entry of PAGES imports, as a path under src/web. */
function pageImports(): Map<string, string> {
  const table = source('app/app-routes.tsx');
  const pages = table.slice(table.indexOf('const PAGES'), table.indexOf('// The operator console'));
  const entries = pages.matchAll(/^ {2}'?([\w-]+)'?: \(\) =>\s*import\('@web\/([^']+)'\)/gm);
  return new Map([...entries].map(([, name, path]) => [name!, `${path}.tsx`]));
}

/** The namespaces a file's useTranslation calls name (without `common`, which is always loaded). */
function namespacesIn(text: string): Set<string> {
  const named = new Set<string>();
  for (const [, args] of text.matchAll(/useTranslation\(([^)]*)\)/g)) {
    for (const [, name] of (args ?? '').matchAll(/'([\w-]+)'/g)) named.add(name!);
  }
  named.delete('common');
  return named;
}

/** Every source file under a directory, read as text. */
function textsUnder(directory: string): string {
  return readdirSync(join(WEB, directory), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
    .map((file) => source(join(directory, file)))
    .join('\n');
}

describe('the chunks the server preloads for a route', () => {
  const imports = pageImports();

  it('name the very module the web app loads for each route', () => {
    expect([...imports.keys()].sort()).toEqual([...WEB_APP_ROUTES].sort());
    for (const route of WEB_APP_ROUTES) {
      expect(ROUTE_CHUNKS[route].page, route).toBe(imports.get(route));
      expect(existsSync(join(WEB, ROUTE_CHUNKS[route].page)), route).toBe(true);
    }
    expect(existsSync(join(WEB, MEMBER_SHELL_CHUNK))).toBe(true);
  });

  it("name every namespace the page's own module renders with, and only ones its feature uses", () => {
    for (const route of WEB_APP_ROUTES) {
      const { page, texts } = ROUTE_CHUNKS[route];
      for (const namespace of texts) expect(WEB_NAMESPACES, route).toContain(namespace);
      const own = namespacesIn(source(page));
      expect(texts, route).toEqual(expect.arrayContaining([...own]));
      const feature = namespacesIn(textsUnder(dirname(page)));
      for (const namespace of texts) expect([...feature], route).toContain(namespace);
    }
  });
});
