import { accessSync, constants, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

/** What the lookup may consult; injectable so the rules can be tested without a browser. */
export interface ChromiumLookup {
  env: Record<string, string | undefined>;
  isExecutable: (path: string) => boolean;
  listDirectory: (path: string) => string[];
  home: string;
}

// Names the browser is installed under by Debian/Ubuntu, Google and Chromium's own builds.
const COMMAND_NAMES = [
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
  'chrome',
];
const FIXED_PATHS = ['/opt/google/chrome/chrome', '/snap/bin/chromium'];
// Playwright's own download (`npx playwright install chromium`), where a machine has one.
const PLAYWRIGHT_BINARIES = [
  ['chrome-linux', 'chrome'],
  ['chrome-linux64', 'chrome'],
];

export const systemLookup: ChromiumLookup = {
  env: process.env,
  isExecutable: (path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  listDirectory: (path) => {
    try {
      return readdirSync(path);
    } catch {
      return [];
    }
  },
  home: homedir(),
};

function playwrightCandidates(lookup: ChromiumLookup): string[] {
  const cache = lookup.env.PLAYWRIGHT_BROWSERS_PATH || join(lookup.home, '.cache', 'ms-playwright');
  return lookup
    .listDirectory(cache)
    .filter((entry) => /^chromium-\d+$/.test(entry))
    .sort()
    .reverse()
    .flatMap((entry) => PLAYWRIGHT_BINARIES.map((parts) => join(cache, entry, ...parts)));
}

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set (and then only that, so a
 * wrong setting is reported rather than silently replaced), else the first browser found on
 * PATH, at Google's fixed paths, or in Playwright's cache. Undefined when there is none.
 */
export function findChromium(lookup: ChromiumLookup = systemLookup): string | undefined {
  const chosen = lookup.env.CHROMIUM_PATH;
  if (chosen) return lookup.isExecutable(chosen) ? chosen : undefined;
  const onPath = (lookup.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .flatMap((directory) => COMMAND_NAMES.map((name) => join(directory, name)));
  return [...onPath, ...FIXED_PATHS, ...playwrightCandidates(lookup)].find(lookup.isExecutable);
}
