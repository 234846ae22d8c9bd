import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { updateMember } from '../../src/server/db/members-table';
import { bookCredits, memberBalance } from '../../src/server/features/credits';
import { hashPassword } from '../../src/server/features/auth/password-hashing';
import { DEMO_LOGIN } from '../../src/server/seed/demo-login';
import { DESKTOP } from './browser';
import { type OpenedPage, openPage } from './page-helpers';

// Demo members of the e2e server's seed, arranged for a journey: a known password, an exact
// credit balance, a browser context logged in as them.
export const PASSWORD = 'chatting after dark';

export interface Person {
  id: number;
  name: string;
  email: string;
}

/**
 * Demo members (seeded visible, with a photo), given the shared password. `skip` keeps files
 * apart: each test file takes its own members so their conversations and likes never meet.
 * Positions count every seeded member, whatever earlier files did to them: counted among
 * visible members only, a ban or a deletion in one file moved every later position, so the
 * next file would take a member of another file.
 */
export async function demoMembers(
  db: Db,
  count: number,
  { fictional = false, skip = 0 } = {},
): Promise<Person[]> {
  const rows = await db
    .selectFrom('members')
    .select(['id', 'name', 'email'])
    .where('is_demo', '=', 1)
    .where('is_fictional', '=', fictional ? 1 : 0)
    .where('email', '!=', DEMO_LOGIN.email)
    .orderBy('id')
    .offset(skip)
    .limit(count)
    .execute();
  for (const row of rows) {
    // Counted as just signed up: the demo site's first auto-like (and its modal) comes
    // only 2 minutes after signup, so none interrupts the journey.
    await updateMember(db, row.id, {
      password_hash: await hashPassword(PASSWORD),
      created_at: new Date().toISOString(),
    });
  }
  return rows;
}

/**
 * Sets a member's balance through the credit ledger (the owner of every credit movement),
 * and their premium flag through the members table's owner.
 */
export async function setCredits(db: Db, member: Person, credits: number, paid: boolean) {
  await setBalance(db, member.id, credits);
  await updateMember(db, member.id, { paid_user: paid ? 1 : 0 });
}

/** Moves a member's balance to `credits` with one ledger movement. */
export async function setBalance(db: Db, memberId: number, credits: number) {
  const now = await memberBalance(db, memberId);
  if (now !== credits)
    await bookCredits(db, {
      memberId,
      amount: credits - now,
      reason: 'e2e',
      idempotencyKey: `e2e-people:${memberId}:${randomUUID()}`,
    });
}

/** The CSRF token the page's own scripts send. */
export async function csrfOf(page: Page): Promise<string> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === '__Host-csrf');
  return csrf?.value ?? '';
}

/** A call as the page's own scripts make it, with its CSRF token; it must succeed. */
export async function apiPost(page: Page, path: string, data: object) {
  const response = await page.request.post(path, {
    headers: { 'x-csrf-token': await csrfOf(page) },
    data,
  });
  expect(response.status(), path).toBe(200);
}

/**
 * A browser context logged in as the member (as the login form does), in the given language
 * (the locale cookie a choice in the language menu sets).
 */
export async function logIn(
  browser: Browser,
  baseUrl: string,
  member: Person,
  { viewport = DESKTOP, locale = 'en' } = {},
): Promise<OpenedPage> {
  const opened = await openPage(browser, baseUrl, viewport);
  await opened.context.addCookies([{ name: 'locale', value: locale, url: baseUrl }]);
  await opened.page.goto('/');
  await apiPost(opened.page, '/api/user.php', { email: member.email, password: PASSWORD });
  return opened;
}
