import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../src/server/seed/demo-staff';
import { DESKTOP } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { freshConsoleCode } from './support/console-code';
import { type Person, demoMembers, logIn, setCredits } from './support/demo-people';
import { type OpenedPage, openPage } from './support/page-helpers';

// Issue 30 item 3 in the browser: a member writes to a fictional profile; the demo chat
// operator logs in at /admin with password and TOTP, claims the conversation and answers as
// the profile; the member's open tab receives it live, labelled; the demo owner, a second
// operator, cannot claim it meanwhile.
const { baseUrl, browser, db } = await openBrowserAndDatabase();
const SHOTS = '/tmp/shots-console';
const opened: OpenedPage[] = [];
afterAll(async () => {
  await Promise.all(opened.map((one) => one.context.close()));
});

/** Logs in at /admin as a person does: the code computed from the seeded secret, as the app. */
async function logInToConsole(login: (typeof DEMO_STAFF)[keyof typeof DEMO_STAFF]) {
  const one = await openPage(browser, baseUrl, DESKTOP);
  opened.push(one);
  const { page } = one;
  await page.goto('/admin');
  await page.waitForURL('**/admin/login');
  await page.getByLabel('E-mail address').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page
    .getByLabel('Authenticator code')
    .fill(await freshConsoleCode(db, login.email, login.totpSecret));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: /^Inbox/ }).waitFor();
  return one;
}

const queueItem = (page: Page, member: Person, profile: Person) =>
  page.getByRole('button', { name: new RegExp(`${member.name} → ${profile.name}`) });

describe('the fictional-profile inbox (issue 30 item 3)', () => {
  it(
    'lets an operator claim and answer as the profile; the member sees it live, labelled',
    { timeout: 120_000 },
    async () => {
      await mkdir(SHOTS, { recursive: true });
      const [member] = (await demoMembers(db, 1, { skip: 26 })) as [Person];
      const [fiona] = (await demoMembers(db, 1, { fictional: true })) as [Person];
      await setCredits(db, member, 100, true);

      const memberTab = await logIn(browser, baseUrl, member);
      opened.push(memberTab);
      const { page: memberPage } = memberTab;
      const { settings } = (await (await memberPage.request.get('/api/settings.php')).json()) as {
        settings: { fictional_singular: string };
      };
      await memberPage.goto(`/members/${fiona.id}/chat`);
      await memberPage.getByLabel('Your message').fill('Hello Fiona, is anyone there?');
      await memberPage.getByRole('button', { name: 'Send', exact: true }).click();
      await memberPage.getByText('Hello Fiona, is anyone there?').waitFor();

      const operator = await logInToConsole(DEMO_STAFF.operator);
      const op = operator.page;
      await queueItem(op, member, fiona).click();
      await op.getByText('Hello Fiona, is anyone there?').waitFor();
      await op.getByRole('button', { name: 'Claim', exact: true }).click();
      await op.getByRole('button', { name: 'Release' }).waitFor();

      // A second operator (the owner stands in) sees the claim and cannot take it.
      const owner = await logInToConsole(DEMO_STAFF.owner);
      await queueItem(owner.page, member, fiona).click();
      await owner.page.getByText(`Claimed by ${DEMO_STAFF.operator.name}`).first().waitFor();
      await owner.page.getByRole('button', { name: 'Claim', exact: true }).click();
      await owner.page
        .getByRole('alert')
        .getByText('Another operator is answering this conversation.')
        .waitFor();

      await op.screenshot({ path: `${SHOTS}/inbox-claimed-1280.png` });
      await op.getByLabel('Your answer as the fictional profile').fill('Hi! Yes, I am here :)');
      await op.getByLabel('Your answer as the fictional profile').press('Control+Enter');

      // The member's open tab gets it live, from the profile that stays labelled.
      await memberPage.getByText('Hi! Yes, I am here :)').waitFor();
      await memberPage.getByText(settings.fictional_singular, { exact: true }).waitFor();
      await memberPage.screenshot({ path: `${SHOTS}/member-receives-1280.png` });

      // Answered: the conversation leaves the queue of both consoles, live.
      await queueItem(owner.page, member, fiona).waitFor({ state: 'detached' });
      await queueItem(op, member, fiona).waitFor({ state: 'detached' });
      await op.screenshot({ path: `${SHOTS}/inbox-answered-1280.png` });

      await owner.page.getByRole('link', { name: 'Audit log' }).click();
      await owner.page.getByRole('cell', { name: 'chat.operator_answer' }).first().waitFor();
      await owner.page.screenshot({ path: `${SHOTS}/audit-1280.png` });
      expect([...operator.errors, ...owner.errors, ...memberTab.errors]).toEqual([]);
    },
  );

  it('shows the login form', async () => {
    const one = await openPage(browser, baseUrl, DESKTOP);
    opened.push(one);
    await one.page.goto('/admin/login');
    await one.page.getByRole('button', { name: 'Log in' }).waitFor();
    await one.page.screenshot({ path: `${SHOTS}/login-1280.png` });
  });
});
