import { mkdir, readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { type OpenedPage, openPage, signUpThroughApi } from './support/page-helpers';

// Issue 31 items 6 and 7 in the browser: a member opens the settings from the account menu,
// sees the retention offer, deletes the account with the password, lands on /account-deleted,
// finds the old tab logged out, logs in again and restores the account. Once in English on
// a desktop and once in Dutch on a phone; each screen is also shot at the other width.
const { baseUrl, browser } = await openBrowserAndDatabase();
const SHOTS = '/tmp/shots-lifecycle';
const opened: OpenedPage[] = [];
afterAll(async () => {
  await Promise.all(opened.map((one) => one.context.close()));
});

type Texts = Record<string, Record<string, string>>;
const catalogue = async (language: string, namespace: string): Promise<Texts> =>
  JSON.parse(await readFile(`src/locales/${language}/${namespace}.json`, 'utf8')) as Texts;

/** Shoots the page at both widths, ending at the one the journey runs at. */
async function shoot(page: Page, name: string, language: string, width: number) {
  for (const viewport of width === DESKTOP.width ? [PHONE, DESKTOP] : [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: `${SHOTS}/${name}-${language}-${viewport.width}.png`,
      fullPage: true,
    });
  }
}

describe('deleting an account and restoring it (issue 31 items 6 and 7)', () => {
  for (const { language, viewport } of [
    { language: 'en', viewport: DESKTOP },
    { language: 'nl', viewport: PHONE },
  ]) {
    it(`in ${language} at ${viewport.width} px`, { timeout: 180_000 }, async () => {
      await mkdir(SHOTS, { recursive: true });
      const texts = await catalogue(language, 'account-settings');
      const common = await catalogue(language, 'common');
      const one = await openPage(browser, baseUrl, viewport);
      opened.push(one);
      const { page, context, errors } = one;
      await context.addCookies([{ name: 'locale', value: language, url: baseUrl }]);
      const email = `e2e-delete-${language}-${Date.now()}@example.com`;
      const password = 'a quiet evening with tea';
      await signUpThroughApi(page, { email, name: 'Robin', password, date_of_birth: '1990-03-04' });

      // The old tab: the same browser, open on the search while the account is deleted.
      const oldTab = await context.newPage();
      await oldTab.goto('/members');
      await oldTab.getByRole('button', { name: common.nav!.account }).waitFor();

      // spec §2: the account menu leads to the settings.
      await page.goto('/members');
      await page.getByRole('button', { name: common.nav!.account }).click();
      await page.getByRole('button', { name: common.nav!.settings }).click();
      await page.getByRole('heading', { name: texts.delete!.title }).waitFor();
      await page.getByRole('link', { name: texts.notifications!.link }).waitFor();
      await shoot(page, 'settings', language, viewport.width);

      // The retention offer comes first: the company's discount as a personal code.
      await page.getByRole('button', { name: texts.delete!.start }).click();
      await page.getByRole('heading', { name: texts.offer!.title }).waitFor();
      await page.getByRole('button', { name: texts.offer!.takeDiscount }).click();
      await page.getByText(/^STAY-/).waitFor();
      await page.getByRole('button', { name: texts.offer!.takeInvisible }).waitFor();
      await shoot(page, 'retention-offer', language, viewport.width);

      // Then the password; a wrong one changes nothing.
      await page.getByRole('button', { name: texts.offer!.continue }).click();
      const confirm = page.getByRole('form', { name: texts.confirm!.title });
      await confirm.getByLabel(texts.confirm!.password!, { exact: true }).fill('not my password');
      await confirm.getByRole('button', { name: texts.confirm!.submit }).click();
      await page.getByRole('alert').filter({ hasText: common.errors!.password_wrong }).waitFor();
      await confirm.getByLabel(texts.confirm!.password!, { exact: true }).fill(password);
      await shoot(page, 'delete-confirm', language, viewport.width);
      await confirm.getByRole('button', { name: texts.confirm!.submit }).click();

      // spec §2 account-deleted.
      await page.getByRole('heading', { name: texts.deleted!.title }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/account-deleted');
      await shoot(page, 'account-deleted', language, viewport.width);

      // The old tab is logged out: reloaded, it offers the login.
      await oldTab.reload();
      await oldTab.getByRole('link', { name: common.nav!.login }).first().waitFor();
      expect(await oldTab.getByRole('button', { name: common.nav!.account }).count()).toBe(0);

      // Logging in again offers the restore, which brings the account back.
      await page.getByRole('link', { name: texts.deleted!.login }).last().click();
      await page.getByRole('heading', { name: common.login!.title }).waitFor();
      await page.getByLabel(common.login!.email!).fill(email);
      await page.getByLabel(common.login!.password!, { exact: true }).fill(password);
      await page.getByRole('button', { name: common.login!.submit }).last().click();
      await page.getByRole('heading', { name: texts.restore!.title }).waitFor();
      await shoot(page, 'restore-offer', language, viewport.width);
      await page.getByRole('button', { name: texts.restore!.submit }).click();
      await page.waitForURL('**/members');
      // The account menu, once the restore button (whose name begins the same) has left.
      await page
        .getByRole('button', { name: texts.restore!.submit })
        .waitFor({ state: 'detached' });
      await page.getByRole('button', { name: new RegExp(`^${common.nav!.account}`) }).waitFor();
      expect(errors).toEqual([]);
    });
  }
});
