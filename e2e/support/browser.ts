import { type Browser, chromium } from 'playwright-core';
import { findChromium } from './find-chromium';

// Debian's Chromium or another one found on this machine (scripts/ensure-chromium.ts has
// made sure there is one); Playwright's own browser download is not available here.
export const CHROMIUM_PATH = findChromium() ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };
