import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../src/server/seed/demo-staff';
import { DESKTOP } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { freshConsoleCode } from './support/console-code';
import { type Person, demoMembers, logIn } from './support/demo-people';
import { type OpenedPage, openPage } from './support/page-helpers';

// Issue 30 items 1 and 4 in the browser: the demo owner creates a fictional profile with a
// photo, and a member sees it labelled; the owner creates a chat operator, who logs in with
// the secret shown once; a role change on the Staff screen ends that operator's session.
const { baseUrl, browser, db } = await openBrowserAndDatabase();
const SHOTS = '/tmp/shots-console';
const opened: OpenedPage[] = [];
afterAll(async () => {
  await Promise.all(opened.map((one) => one.context.close()));
});

async function logInToConsole(login: { email: string; password: string; totpSecret: string }) {
  const one = await openPage(browser, baseUrl, DESKTOP);
  opened.push(one);
  const { page } = one;
  await page.goto('/admin/login');
  await page.getByLabel('E-mail address').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page
    .getByLabel('Authenticator code')
    .fill(await freshConsoleCode(db, login.email, login.totpSecret));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: /^Inbox/ }).waitFor();
  return one;
}

/** The owner logs in once for the file: each login takes a TOTP step of its own. */
let ownerTab: OpenedPage | undefined;
const theOwner = async () => (ownerTab ??= await logInToConsole(DEMO_STAFF.owner));

describe('fictional profiles and staff in the console (issue 30 items 1 and 4)', () => {
  it(
    'creates a fictional profile with a photo that a member then sees, labelled',
    { timeout: 120_000 },
    async () => {
      await mkdir(SHOTS, { recursive: true });
      const photoPath = `${SHOTS}/persona.jpg`;
      await writeFile(
        photoPath,
        await sharp({ create: { width: 600, height: 750, channels: 3, background: '#b5651d' } })
          .jpeg()
          .toBuffer(),
      );
      const owner = await theOwner();
      const { page } = owner;
      await page.getByRole('link', { name: 'Fictional profiles' }).click();
      await page.getByRole('heading', { name: 'Fictional profiles' }).waitFor();
      await page.getByRole('button', { name: 'New profile' }).click();
      await page.getByLabel('Name').fill('Marloes');
      await page.getByLabel('Date of birth').fill('1991-06-14');
      await page.getByLabel('Writes in').selectOption('nl');
      await page.getByLabel('Hair colour').selectOption('red');
      await page
        .getByLabel('Profile text')
        .fill('Zeilen, jazz en lange wandelingen langs het strand.');
      await page.getByRole('button', { name: 'Create profile' }).click();
      await page.getByRole('heading', { name: 'Edit Marloes' }).waitFor();
      const id = Number(new URL(page.url()).searchParams.get('profile'));
      expect(id).toBeGreaterThan(0);

      await page.getByLabel('Add a photo').setInputFiles(photoPath);
      const photo = page.getByRole('img', { name: 'Photo 1 of Marloes' });
      await photo.waitFor();
      // Decoded before the screenshot, so it shows the photo rather than an empty frame.
      await photo.evaluate((image: HTMLImageElement) => image.decode());
      await page
        .getByRole('row', { name: /Marloes/ })
        .getByText('Active')
        .waitFor();
      await page.screenshot({ path: `${SHOTS}/profiles-1280.png` });

      // A demo member of this file's own (member-skips.test.ts keeps files apart).
      const [member] = (await demoMembers(db, 1, { skip: 27 })) as [Person];
      const memberTab = await logIn(browser, baseUrl, member);
      opened.push(memberTab);
      const { settings } = (await (
        await memberTab.page.request.get('/api/settings.php')
      ).json()) as { settings: { fictional_singular: string } };
      await memberTab.page.goto(`/members/${id}`);
      await memberTab.page
        .getByRole('heading', { name: /Marloes/ })
        .first()
        .waitFor();
      await memberTab.page
        .getByText(settings.fictional_singular, { exact: true })
        .first()
        .waitFor();
      await memberTab.page
        .getByText('Zeilen, jazz en lange wandelingen langs het strand.')
        .waitFor();
      await memberTab.page.screenshot({ path: `${SHOTS}/member-sees-new-profile-1280.png` });

      // Paused, the profile is gone for the member; the console says why.
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByText('Hidden from members and the inbox. Conversations are kept.').waitFor();
      await page.screenshot({ path: `${SHOTS}/profiles-paused-1280.png` });
      await memberTab.page.reload();
      await memberTab.page
        .getByText('Zeilen, jazz en lange wandelingen langs het strand.')
        .waitFor({ state: 'detached' });
      expect([...owner.errors]).toEqual([]);
    },
  );

  it(
    'creates a chat operator who logs in with the secret shown once; a role change ends their session',
    { timeout: 120_000 },
    async () => {
      const owner = await theOwner();
      const { page } = owner;
      await page.getByRole('link', { name: 'Staff', exact: true }).click();
      await page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
      const email = `new-operator-${Date.now()}@amora.example`;
      const password = 'a long operator password';
      await page.getByLabel('Name').fill('Noor Operator');
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByLabel('Role').selectOption('operator');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Account created for Noor Operator' }).waitFor();
      const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.screenshot({ path: `${SHOTS}/staff-created-1280.png` });
      await page.getByRole('button', { name: 'Done, I have passed them on' }).click();
      await page.getByRole('row', { name: /Noor Operator/ }).waitFor();
      await page.screenshot({ path: `${SHOTS}/staff-1280.png` });

      // The new operator logs in with what the owner passed on.
      const operator = await logInToConsole({ email, password, totpSecret: secret });

      // The owner makes them a moderator: their session ends at once.
      await page.getByRole('button', { name: 'Change: Noor Operator' }).click();
      const form = page
        .getByRole('row')
        .filter({ has: page.getByRole('combobox', { name: 'Role' }) });
      await form.getByRole('combobox', { name: 'Role' }).selectOption('moderator');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('row', { name: /Noor Operator.*Moderator/ }).waitFor();
      await operator.page.reload();
      await operator.page.waitForURL('**/admin/login');
      expect([...owner.errors]).toEqual([]);
    },
  );
});
