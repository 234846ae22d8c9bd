import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './browser';

/** Where screenshots for review go (CHAT_SCREENSHOTS=<dir>); none are taken without it. */
export const SCREENSHOT_DIR = process.env.CHAT_SCREENSHOTS;

/**
 * The page as it stands, at phone and desktop width, as `<name>-<width>.png` for review
 * (issue 23 "Done when"). `settle` runs after each resize, before the shot.
 */
export async function shootForReview(
  page: Page,
  name: string,
  settle: () => Promise<unknown> = async () => undefined,
) {
  if (!SCREENSHOT_DIR) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await settle();
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${viewport.width}.png`) });
  }
  await page.setViewportSize(before);
}

/** A modal's fade-in has ended (Bootstrap's transition), so a screenshot shows it whole. */
export const modalShown = (page: Page) =>
  page.waitForFunction(() => {
    const modal = document.querySelector('.modal.show');
    return modal !== null && getComputedStyle(modal).opacity === '1';
  });
