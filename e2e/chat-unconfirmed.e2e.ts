import { afterAll, describe, expect, inject, it } from 'vitest';
import { updateMember } from '../src/server/db/members-table';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { type Person, demoMembers, logIn, setBalance } from './support/demo-people';
import { firstLink, waitForMail } from './support/mailbox';
import type { OpenedPage } from './support/page-helpers';
import { shootForReview } from './support/review-screenshots';

// Issue 29 item 15: a member who has not confirmed their address could type and send, and
// every bubble then failed ("Not sent. Confirm your e-mail address…") under a cost line that
// promised conversations. The composer now says it before they type, with the activation mail
// sent again on request; once confirmed, they write as anyone does.
const { baseUrl, browser, db } = await openBrowserAndDatabase();
const mailboxUrl = inject('mailboxUrl');
const opened: OpenedPage[] = [];
afterAll(async () => {
  await Promise.all(opened.map((one) => one.context.close()));
});

describe('the chat composer of a member who has not confirmed their address', () => {
  it('says so before they type, sends the activation mail again, and opens once confirmed', async () => {
    // A member of its own (skip 45): no other browser test writes to them. The partner only
    // receives nothing, so may be another file's member.
    const [newcomer] = (await demoMembers(db, 1, { skip: 45 })) as [Person];
    const [partner] = (await demoMembers(db, 1, { skip: 44 })) as [Person];
    // Signed up in English (the activation mail is in the member's language).
    await updateMember(db, newcomer.id, {
      status: 'not_confirmed',
      profile_status: 'disabled',
      language: 'en',
    });
    await setBalance(db, newcomer.id, 100);
    const session = await logIn(browser, baseUrl, newcomer);
    opened.push(session);
    const { page } = session;

    await page.goto(`/members/${partner.id}/chat`);
    const notice = page.getByRole('region', {
      name: 'To send messages, first confirm your e-mail address: open the link in the e-mail we sent you.',
    });
    await notice.waitFor();
    // Nothing to type into, and no cost line promising conversations.
    expect(await page.getByLabel('Your message').count()).toBe(0);
    expect(await page.getByText(/you have \d+ credits/).count()).toBe(0);
    await shootForReview(page, 'chat-unconfirmed-en');
    // The same notice in Dutch (one of the 11 languages), then back to English.
    const setLocale = (locale: string) =>
      session.context.addCookies([{ name: 'locale', value: locale, url: baseUrl }]);
    await setLocale('nl');
    await page.reload();
    await page
      .getByRole('region', {
        name: 'Bevestig eerst je e-mailadres om berichten te sturen: open de link in de e-mail die we je hebben gestuurd.',
      })
      .getByRole('button', { name: 'Stuur de e-mail opnieuw' })
      .waitFor();
    await shootForReview(page, 'chat-unconfirmed-nl');
    await setLocale('en');
    await page.reload();
    await notice.waitFor();

    await notice.getByRole('button', { name: 'Send the e-mail again' }).click();
    await notice
      .getByRole('status')
      .getByText('Sent! Check your inbox and your spam folder.')
      .waitFor();
    const activation = await waitForMail(mailboxUrl, newcomer.email, /Confirm your e-mail address/);

    await page.goto(firstLink(activation, '/api/activate.php'));
    await page.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
    await page.goto(`/members/${partner.id}/chat`);
    await page.getByLabel('Your message').waitFor();
    expect(await notice.count()).toBe(0);
  });
});
