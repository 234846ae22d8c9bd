import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE, launchBrowser } from './support/browser';
import { firstLink, waitForMail } from './support/mailbox';
import { openPage } from './support/page-helpers';

const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('a member account, end to end', () => {
  it('signs up in the modal, activates by mail, logs out, fails a login, resets the password and logs in', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
    const email = `e2e-${Date.now()}@example.com`;

    // Sign up through the modal from the landing page, with tracking values in the URL.
    await page.goto('/?network=e2e-net&sub1=campaign');
    await page.getByRole('button', { name: 'Sign up for free' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Sign up for free' });
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByLabel('Name').fill('Robin');
    await dialog.getByLabel('Password').fill('a sunny walk in the park');
    await dialog.getByLabel('Date of birth').fill('1991-04-12');
    await dialog.getByRole('button', { name: 'Create my account' }).click();
    await page.getByRole('heading', { name: 'Members you might like' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'Please confirm your e-mail address' })
      .waitFor();

    // Complete the profile basics.
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Tell us a little about yourself' }).waitFor();
    await page.getByLabel('Man', { exact: true }).check();
    await page.getByLabel('Women', { exact: true }).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    // spec §4: after signup completion on a phone the activation reminder is a modal.
    const reminder = page.getByRole('dialog', { name: 'Please confirm your e-mail address' });
    await reminder.waitFor();
    await reminder.getByRole('button', { name: 'Close' }).click();
    // Issue 8: after signup completion the member lands on the member search.
    await page.getByRole('heading', { name: 'Search members' }).waitFor();

    // Open the activation link from the mail the SMTP server received.
    const activation = await waitForMail(mailboxUrl, email, /Confirm your e-mail address/);
    await page.goto(firstLink(activation, '/api/activate.php'));
    await page.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
    expect(await page.getByText('Please confirm your e-mail address').count()).toBe(0);

    // Log out from the account menu.
    await page.goto('/');
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();

    // A wrong password is refused with the translated message.
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('not my password at all');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.getByRole('alert').filter({ hasText: 'Login failed, please try again.' }).waitFor();

    // Reset the password through the mailed link.
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The login form has an 'E-mail address' field too: fill only once the reset page (a
    // route loaded on demand) has replaced it, or the address lands in the old form.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor();
    const reset = await waitForMail(mailboxUrl, email, /Reset your/);
    await page.goto(firstLink(reset, '/reset-password/do'));
    await page.getByLabel('New password', { exact: true }).fill('a rainy walk by the sea');
    await page.getByLabel('New password again').fill('a rainy walk by the sea');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();

    // And log in with the new password.
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('a rainy walk by the sea');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    // Issue 8: after login the member lands on the member search.
    await page.getByRole('heading', { name: 'Search members' }).waitFor();

    // spec §7: a locale change while logged in is saved with the member (PUT user.php).
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('button', { name: 'Nederlands' }).click();
    await page.getByRole('heading', { name: 'Leden zoeken' }).waitFor();
    await expect
      .poll(
        async () => (await (await page.request.get('/api/account.php')).json()).account.language,
      )
      .toBe('nl');
    expect(errors).toEqual([]);
    await context.close();
  });
});
