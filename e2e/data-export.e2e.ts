import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PHONE, launchBrowser } from './support/browser';
import { csrfOf } from './support/demo-people';
import { firstLink, waitForMail } from './support/mailbox';
import { openPage, signUpThroughApi } from './support/page-helpers';
import { shootForReview } from './support/review-screenshots';

// Issue 31 item 8: a member asks for their data, reads the mail, opens its link and
// downloads the ZIP, which then cannot be downloaded again.
const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('a data export, in the browser', () => {
  it('is asked for, mailed, opened from the mail and downloaded once', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
    const email = `export-${Date.now()}@example.com`;
    const password = 'my data is mine to keep';
    await signUpThroughApi(page, { email, name: 'Esther', password, date_of_birth: '1988-02-29' });

    // Asked as the settings screen's form does: a wrong password first, then the right one.
    const ask = (typed: string) =>
      csrfOf(page).then((csrf) =>
        page.request.post('/api/data-export.php', {
          headers: { 'x-csrf-token': csrf },
          data: { password: typed },
        }),
      );
    expect((await (await ask('not my password')).json()).error).toBe('password_wrong');
    expect((await ask(password)).status()).toBe(200);

    const mail = await waitForMail(mailboxUrl, email, /Your data from .* is ready/);
    const link = firstLink(mail, '/export/');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your data export' }).waitFor();
    await shootForReview(page, 'data-export-page-en');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download ZIP file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^data-export-\d+\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(JSON.parse(strFromU8(zip['profile.json']!))).toMatchObject({
      email,
      name: 'Esther',
      date_of_birth: '1988-02-29',
    });
    expect(strFromU8(zip['README.txt']!)).toContain('Data export for Esther');
    await page.getByRole('status').filter({ hasText: 'Your file has been downloaded' }).waitFor();
    await shootForReview(page, 'data-export-done-en');

    // The link works once: opened again, the download is refused with the translated text.
    await page.goto(link);
    await page.getByRole('button', { name: 'Download ZIP file' }).click();
    await page.getByRole('alert').filter({ hasText: 'link' }).waitFor();

    // In Dutch, the page a member sees before downloading.
    await context.addCookies([{ name: 'locale', value: 'nl', url: baseUrl }]);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Je gegevensexport' }).waitFor();
    await shootForReview(page, 'data-export-page-nl');
    expect(errors).toEqual([]);
    await context.close();
  });
});
