import type { Browser } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { launchBrowser } from './browser';
import { openServerDatabase } from './database';

/**
 * What a browser test file opens first: the e2e server's address, one Chromium and the
 * server's database (for arranging state), the two closed after the file's last test (after
 * the file's own afterAll hooks, which run first). Awaited at the top of the file:
 * `const { baseUrl, browser, db } = await openBrowserAndDatabase();`
 */
export async function openBrowserAndDatabase(): Promise<{
  baseUrl: string;
  browser: Browser;
  db: Db;
}> {
  const browser = await launchBrowser();
  const db = openServerDatabase(inject('database'));
  afterAll(async () => {
    await browser.close();
    await db.destroy();
  });
  return { baseUrl: inject('baseUrl'), browser, db };
}
