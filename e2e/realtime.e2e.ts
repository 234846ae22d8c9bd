import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { updateMember } from '../src/server/db/members-table';
import { hashPassword } from '../src/server/features/auth/password-hashing';
import { DESKTOP } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { demoMembers } from './support/demo-people';
import { openPage } from './support/page-helpers';

// issue 9 §4 in the browser: the tab's socket carries a new like to the Likes badge at once,
// long before the spec's 60-second refetch (spec §4, §9) would.
const { baseUrl, browser, db } = await openBrowserAndDatabase();
const PASSWORD = 'live and kicking';

/** Two visible demo members with photos, given a password, without likes, just signed up
 * (so no auto-like arrives during the test: the demo site sends one 2 minutes after signup). */
async function twoMembers() {
  // This file's own members (e2e/support/member-skips.test.ts keeps files apart).
  const members = await demoMembers(db, 2, { skip: 48 });
  const hash = await hashPassword(PASSWORD);
  for (const member of members) {
    await updateMember(db, member.id, {
      password_hash: hash,
      created_at: new Date().toISOString(),
    });
    await db
      .deleteFrom('likes')
      .where((eb) => eb.or([eb('liker_id', '=', member.id), eb('liked_id', '=', member.id)]))
      .execute();
  }
  return members as [(typeof members)[number], (typeof members)[number]];
}

async function apiPost(page: Page, path: string, data: object) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === '__Host-csrf');
  const response = await page.request.post(path, {
    headers: { 'x-csrf-token': csrf?.value ?? '' },
    data,
  });
  expect(response.status(), path).toBe(200);
}

const likesLink = (page: Page, badge: string) =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: new RegExp(`^Likes\\s*${badge}$`) });

describe('realtime', () => {
  it('shows a like made in another browser in the Likes badge at once, without a reload', async () => {
    const [liked, liker] = await twoMembers();
    const watching = await openPage(browser, baseUrl, DESKTOP);
    // The socket counts as open once the server said `ready` (the replay is done).
    const live = new Promise<void>((resolve) =>
      watching.page.on('websocket', (socket) => {
        if (!socket.url().endsWith('/api/socket')) return;
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).includes('"ready"')) resolve();
        });
      }),
    );
    await watching.page.goto('/login');
    await watching.page.getByLabel('E-mail address').fill(liked.email);
    await watching.page.getByLabel('Password').fill(PASSWORD);
    await watching.page.getByRole('button', { name: 'Log in' }).last().click();
    await watching.page.getByRole('heading', { name: 'Search members' }).waitFor();
    await live;

    const other = await openPage(browser, baseUrl, DESKTOP);
    await other.page.goto('/');
    await apiPost(other.page, '/api/user.php', { email: liker.email, password: PASSWORD });
    await apiPost(other.page, '/api/like.php', { profile: liked.id });

    // Far sooner than the 60-second refetch: the event came over the socket.
    await likesLink(watching.page, '1').waitFor({ timeout: 10_000 });
    expect(watching.errors).toEqual([]);
    await watching.context.close();
    await other.context.close();
  });

  // A password change ends every other session at once; this browser gets a new one and its
  // socket carries on with it (closed, the tab could ask who it is before the new cookie
  // arrived and show itself logged out).
  it('keeps a tab live and logged in through its own password change', async () => {
    const [liked, liker] = await twoMembers();
    const watching = await openPage(browser, baseUrl, DESKTOP);
    let sockets = 0;
    const live = new Promise<void>((resolve) =>
      watching.page.on('websocket', (socket) => {
        if (!socket.url().endsWith('/api/socket')) return;
        sockets += 1;
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).includes('"ready"')) resolve();
        });
      }),
    );
    await watching.page.goto('/login');
    await watching.page.getByLabel('E-mail address').fill(liked.email);
    await watching.page.getByLabel('Password').fill(PASSWORD);
    await watching.page.getByRole('button', { name: 'Log in' }).last().click();
    await watching.page.getByRole('heading', { name: 'Search members' }).waitFor();
    await live;

    const csrf = (await watching.context.cookies()).find((cookie) => cookie.name === '__Host-csrf');
    const change = await watching.page.request.put('/api/password.php', {
      headers: { 'x-csrf-token': csrf?.value ?? '' },
      data: {
        current_password: PASSWORD,
        password: 'a fresh passphrase 42',
        password_confirmation: 'a fresh passphrase 42',
      },
    });
    expect(change.status()).toBe(200);

    const other = await openPage(browser, baseUrl, DESKTOP);
    await other.page.goto('/');
    await apiPost(other.page, '/api/user.php', { email: liker.email, password: PASSWORD });
    await apiPost(other.page, '/api/like.php', { profile: liked.id });
    await likesLink(watching.page, '1').waitFor({ timeout: 10_000 });
    expect(sockets).toBe(1); // the same socket all along
    expect(watching.errors).toEqual([]);
    await watching.context.close();
    await other.context.close();
    // The password is the test's own: put it back for the tests that share these members.
    await updateMember(db, liked.id, { password_hash: await hashPassword(PASSWORD) });
  });
});
