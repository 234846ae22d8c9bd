import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_LOGIN } from '../src/server/seed/demo-login';
import { DESKTOP, PHONE, launchBrowser } from './support/browser';
import { openServerDatabase } from './support/database';
import { arrangeConversation } from './support/screenshot-conversation';
import { writeScreenshotIndex } from './support/screenshot-index';
import { startServer } from './support/server';

// Every route that exists, at phone and desktop width, in English and Dutch, and an index.html
// to page through them (issue 25 item 8). SCREENSHOTS_ONLY=<regular expression> shoots only the
// screens whose names match (e.g. SCREENSHOTS_ONLY='chat|credits'), for a quick look.
const PUBLIC_PAGES: Array<{ name: string; path: string }> = [
  { name: 'index', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'signup', path: '/signup' },
  { name: 'reset-password', path: '/reset-password' },
  { name: 'reset-password-do', path: '/reset-password/do?token=example' },
  { name: 'activate-done', path: '/activate/done' },
  { name: 'activate-error', path: '/activate/error' },
  { name: 'pages-terms', path: '/pages/terms' },
  { name: 'pages-faq', path: '/pages/faq' },
  { name: 'pages-service', path: '/pages/service' },
  { name: 'pricing', path: '/pricing' },
  { name: 'complaints', path: '/complaints' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'members-id-visitor', path: '/members/3' },
  { name: 'members-visitor', path: '/members' },
  // Member landing pages (issue 25 item 2); member 8 is the seed's fictional profile.
  { name: 'members-id-landing', path: '/members/8/landing' },
  { name: 'members-id-landing2', path: '/members/3/landing2/chat' },
  { name: 'members-id-landing3', path: '/members/3/landing3/photos' },
  { name: 'members-id-signup', path: '/members/3/signup' },
  // The landers (issue 25 item 1), one with a variant's slug.
  ...[
    'alonetonight',
    'collagelanding',
    'gallery',
    'iconslanding',
    'maplanding',
    'socialnetwork',
    'tinderswipe',
    'transitionsvideolanding',
    'video',
  ].map((lander) => ({ name: `landers-${lander}`, path: `/landers/${lander}` })),
  { name: 'landers-gallery-women', path: '/landers/gallery/women' },
];
const MEMBER_PAGES: Array<{ name: string; path: string }> = [
  { name: 'member-index', path: '/' },
  { name: 'signup-matches', path: '/signup-matches' },
  { name: 'complete-signup', path: '/complete-signup' },
  { name: 'settings', path: '/settings' },
  { name: 'notifications', path: '/notifications' },
  { name: 'profile', path: '/profile' },
  { name: 'members-id', path: '/members/3' },
  { name: 'members-id-fictional', path: '/members/8' },
  { name: 'members', path: '/members' },
  { name: 'likes', path: '/likes' },
  { name: 'likes-liked-by', path: '/likes/liked-by' },
  { name: 'swipe-game', path: '/swipe-game' },
  // Credits and payments (issue 10); the status page and repeat order: shootPayments below.
  { name: 'premium', path: '/premium' },
  { name: 'credits', path: '/credits' },
  { name: 'credits-id-paymentmethod', path: '/credits/popular/ideal' },
  { name: 'directdebit', path: '/directdebit?bundle=popular' },
  { name: 'transactions', path: '/transactions' },
];
const LOCALES = ['en', 'nl'];
// Issue 32 item 2: COLOR_SCHEME=dark shoots the dark theme (the system setting), in its own folder.
const colorScheme = process.env.COLOR_SCHEME === 'dark' ? 'dark' : 'light';
const OUT_DIR = colorScheme === 'dark' ? 'screenshots-dark' : 'screenshots';
const only = process.env.SCREENSHOTS_ONLY ? new RegExp(process.env.SCREENSHOTS_ONLY) : null;
const wanted = (name: string) => !only || only.test(name);

async function shoot(page: Page, path: string, file: string) {
  if (!wanted(file)) return;
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Scroll through the page so lazy images load before the full-page shot.
  // Instant: Bootstrap makes scrolling smooth, and a shot taken while it glides back to the top
  // showed the sticky navigation over the page's heading.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

/** The match finder's first question, then its results (answers kept from an earlier run). */
async function shootMatchFinder(page: Page, suffix: string) {
  if (!wanted('match-finder')) return;
  await page.goto('/match-finder', { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const change = page.locator('button.btn-outline-primary');
  if (await change.count()) await change.first().click();
  await page.locator('#match-finder-min-age').waitFor();
  await page.screenshot({ path: join(OUT_DIR, `match-finder-${suffix}.png`), fullPage: true });
  for (let step = 0; step < 3; step++) await page.locator('form button[type=submit]').click();
  await page.locator('ul .profile-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  const file = join(OUT_DIR, `match-finder-results-${suffix}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

/**
 * auto-like.php answers no profile while the pages are shot; its first real profile is kept
 * for the new-like modal's own shot (the site gives one auto-like an hour).
 */
const autoLikeAnswer: { body?: string } = {};
async function holdAutoLike(page: Page) {
  const state = { show: false };
  await page.route('**/api/auto-like.php', async (route) => {
    if (!autoLikeAnswer.body) {
      const response = await route.fetch();
      const body = await response.text();
      if ((JSON.parse(body) as { profile: unknown }).profile) autoLikeAnswer.body = body;
    }
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: state.show && autoLikeAnswer.body ? autoLikeAnswer.body : '{"profile":null}',
    });
  });
  return state;
}

async function shootNewLikeModal(page: Page, newLike: { show: boolean }, suffix: string) {
  if (!wanted('new-like-modal')) return;
  newLike.show = true;
  await page.goto('/settings?t=1', { waitUntil: 'networkidle' });
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(600); // let the modal's fade-in finish
  const file = join(OUT_DIR, `new-like-modal-${suffix}.png`);
  await page.screenshot({ path: file });
  console.log(file);
  newLike.show = false;
}

/**
 * Opens a demo checkout for a bundle with a card, keeping the card for repeat orders when
 * asked (issue 23 item 14); answers our payment id (on the provider's page).
 */
async function openDemoCheckout(page: Page, storeForRepeat = false) {
  await page.goto('/credits/starter/creditcard', { waitUntil: 'networkidle' });
  if (storeForRepeat) await page.locator('#store-for-repeat').check();
  await page.locator('form[aria-labelledby="method-heading"] button[type=submit]').click();
  await page.getByRole('heading', { name: 'Demo payment provider' }).waitFor();
  // The provider's page describes the order as "100 credits #<our payment id>".
  const description = await page.locator('dd').first().textContent();
  return Number(/#(\d+)/.exec(description ?? '')?.[1]);
}

async function shootStatus(page: Page, kind: string, suffix: string) {
  await page.getByRole('status').locator('h2').waitFor();
  await page.waitForLoadState('networkidle');
  const file = join(OUT_DIR, `payment-status-${kind}-${suffix}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

/**
 * The payment status page (spec §4) pending, completed, failed, cancelled and expired,
 * through the demo provider; the checkout with the option to keep the card ticked; then the
 * repeat order with the card the completed payment stored (issue 10 §4) and the purchases
 * page that can remove it (issue 23 item 14).
 */
async function shootPayments(page: Page, suffix: string) {
  if (!wanted('payment-status|credits-id-paymentmethod-store|credits-repeat-order|transactions')) {
    return;
  }
  await page.goto('/credits/starter/creditcard', { waitUntil: 'networkidle' });
  await page.locator('#store-for-repeat').check();
  const checkoutFile = join(OUT_DIR, `credits-id-paymentmethod-store-${suffix}.png`);
  await page.screenshot({ path: checkoutFile, fullPage: true });
  console.log(checkoutFile);

  const pending = await openDemoCheckout(page);
  await page.goto(`/transactions/${pending}`, { waitUntil: 'networkidle' });
  await page.locator('.alert-info').waitFor();
  await shootStatus(page, 'pending', suffix);

  await openDemoCheckout(page, true);
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await page.locator('.alert-success').waitFor();
  await shootStatus(page, 'completed', suffix);

  await openDemoCheckout(page);
  await page.getByRole('button', { name: 'Failed', exact: true }).click();
  await page.locator('.alert-danger').waitFor();
  await shootStatus(page, 'failed', suffix);
  for (const outcome of ['Canceled', 'Expired']) {
    await openDemoCheckout(page);
    await page.getByRole('button', { name: outcome, exact: true }).click();
    await page.locator('.alert-danger').waitFor();
    await shootStatus(page, outcome.toLowerCase(), suffix);
  }

  // The last paid order was by card: the repeat order offers the stored test card.
  await page.goto('/credits/repeat-order', { waitUntil: 'networkidle' });
  await page.locator('#stored-consent').waitFor();
  const file = join(OUT_DIR, `credits-repeat-order-${suffix}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);

  await page.goto('/transactions', { waitUntil: 'networkidle' });
  await page.locator('#stored-payments-heading').waitFor();
  const purchases = join(OUT_DIR, `transactions-stored-${suffix}.png`);
  await page.screenshot({ path: purchases, fullPage: true });
  console.log(purchases);
}

/**
 * The demo member's conversation (arranged by arrangeConversation): as it opens, scrolled up
 * so the day separator sticks below the header, and with a message's "⋯" menu open.
 */
async function shootConversation(page: Page, partnerId: number, suffix: string) {
  if (!wanted('members-id-chat')) return;
  await shoot(page, `/members/${partnerId}/chat`, join(OUT_DIR, `members-id-chat-${suffix}.png`));
  const history = page.locator('.chat-scroller');
  await history.evaluate((view) => view.scrollTo({ top: 0 }));
  await page.waitForTimeout(300); // the scroll has settled
  const scrolled = join(OUT_DIR, `members-id-chat-scrolled-${suffix}.png`);
  await page.screenshot({ path: scrolled });
  console.log(scrolled);
  await history.evaluate((view) => view.scrollTo({ top: view.scrollHeight }));
  await page.locator('.chat-message-menu-toggle').last().click();
  await page.locator('.chat-message-menu .dropdown-menu.show').waitFor();
  const menu = join(OUT_DIR, `members-id-chat-menu-${suffix}.png`);
  await page.screenshot({ path: menu });
  console.log(menu);
}

const server = await startServer();
const browser = await launchBrowser();
try {
  await mkdir(OUT_DIR, { recursive: true });
  const db = openServerDatabase(server.database);
  const partner = await arrangeConversation(browser, server.baseUrl, db);
  await db.destroy();
  for (const locale of LOCALES) {
    for (const [width, viewport] of [
      ['375', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport,
        colorScheme,
      });
      await context.addCookies([{ name: 'locale', value: locale, url: server.baseUrl }]);
      const page = await context.newPage();
      for (const target of PUBLIC_PAGES) {
        await shoot(page, target.path, join(OUT_DIR, `${target.name}-${locale}-${width}.png`));
      }
      // The signup modal, opened from the landing page.
      if (wanted('signup-modal')) {
        await page.goto('/', { waitUntil: 'networkidle' });
        await page.locator('.hero button').first().click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(600); // let the modal's fade-in finish
        const modalFile = join(OUT_DIR, `signup-modal-${locale}-${width}.png`);
        await page.screenshot({ path: modalFile });
        console.log(modalFile);
      }
      // The site-entry warning showed on /login above, as a first visit sees it; the member
      // confirmed it before logging in.
      await context.addInitScript(() => {
        localStorage.setItem('hide-site-entry-warning', String(Date.now()));
      });

      // The demo member's auto-like (spec §4) shows only in its own shot, not over the pages.
      const newLike = await holdAutoLike(page);

      // Logged in as the demo member.
      await page.goto('/login');
      await page.locator('#login-email').fill(DEMO_LOGIN.email);
      await page.locator('#login-password').fill(DEMO_LOGIN.password);
      await page.locator('form button[type=submit]').click();
      await page.waitForURL(`${server.baseUrl}/members`);
      for (const target of MEMBER_PAGES) {
        await shoot(page, target.path, join(OUT_DIR, `${target.name}-${locale}-${width}.png`));
      }
      await shoot(page, '/chats', join(OUT_DIR, `chats-${locale}-${width}.png`));
      await shootConversation(page, partner.id, `${locale}-${width}`);
      await shootPayments(page, `${locale}-${width}`);
      await shootMatchFinder(page, `${locale}-${width}`);
      await shootNewLikeModal(page, newLike, `${locale}-${width}`);
      await context.close();
    }
  }
  console.log(`Page through them: ${await writeScreenshotIndex(OUT_DIR)}`);
} finally {
  await browser.close();
  await server.stop();
}
