import { mkdirSync } from 'node:fs';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openServerDatabase } from './support/database';
import { DESKTOP, PHONE, launchBrowser } from './support/browser';
import { demoMembers, setCredits, type Person } from './support/demo-people';
import { openPage } from './support/page-helpers';
import { startServer } from './support/server';
import { updateMember } from '../src/server/db/members-table';
import { hashPassword } from '../src/server/features/auth/password-hashing';
import { type PushServiceFake, startPushServiceFake } from '../src/server/test/push-service-fake';

// Issue 31 item 4 in the browser (spec §4 push, §7 POST /api/user.php?push=1, §3 kinds): a
// member turns push on at /notifications, another member's message reaches a push service
// as an encrypted payload in the member's language, the service worker shows it, and a kind
// turned off on the page sends nothing.
//
// Two things headless Chromium here cannot do, and how the test stands in for them:
// - `pushManager.subscribe` needs Google's push service (not reachable): the page's push
//   manager hands out a subscription at the test's own push service (its endpoint and ECDH
//   keys), which the page then attaches exactly as it would a real one.
// - The shared e2e server runs as production, where loopback push endpoints are refused by
//   design (push-endpoint-check.ts ignores PUSH_ALLOW_LOOPBACK there): this file starts its
//   own server in development mode with PUSH_ALLOW_LOOPBACK.
const server = await startServer({
  NODE_ENV: 'development',
  PUSH_ALLOW_LOOPBACK: 'true',
  DEMO_MEMBER_COUNT: '12',
});
const db = openServerDatabase(server.database);
const browser = await launchBrowser();
const pushService: PushServiceFake = await startPushServiceFake();
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser.close();
  await db.destroy();
  await pushService.close();
  await server.stop();
});

const PASSWORD = 'push it real good';
const SHOTS_DIR = '/tmp/shots-push';
mkdirSync(SHOTS_DIR, { recursive: true });

/** Two visible demo members who have not liked each other, given a known password. */
async function twoMembers(): Promise<[Person, Person]> {
  // This file's server is its own: any two of its demo members.
  const rows = await demoMembers(db, 2);
  const hash = await hashPassword(PASSWORD);
  for (const row of rows) {
    // Just signed up: the demo site's first auto-like comes only 2 minutes later.
    await updateMember(db, row.id, { password_hash: hash, created_at: new Date().toISOString() });
  }
  const [a, b] = rows as [Person, Person];
  // A like already given would turn the test's like into a match (a second push).
  await db
    .deleteFrom('likes')
    .where((eb) =>
      eb.or([
        eb.and([eb('liker_id', '=', a.id), eb('liked_id', '=', b.id)]),
        eb.and([eb('liker_id', '=', b.id), eb('liked_id', '=', a.id)]),
      ]),
    )
    .execute();
  return [a, b];
}

/** A call as the page's own scripts make it, with its CSRF token (no __Host- prefix here). */
async function apiPost(page: Page, path: string, data: object) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf');
  const response = await page.request.post(path, {
    headers: { 'x-csrf-token': csrf?.value ?? '' },
    data,
  });
  expect(response.status(), path).toBe(200);
}

async function logIn(
  member: Person,
  locale: string,
  before: (page: Page) => Promise<void> = async () => undefined,
) {
  const opened = await openPage(browser, server.baseUrl, DESKTOP);
  contexts.push(opened.context);
  await before(opened.page);
  await opened.context.addCookies([{ name: 'locale', value: locale, url: server.baseUrl }]);
  await opened.page.goto('/');
  await apiPost(opened.page, '/api/user.php', { email: member.email, password: PASSWORD });
  return opened;
}

/**
 * The browser's push manager, handing out the test's subscription (endpoint and keys the
 * push service fake holds) where Chromium would ask Google's push service for one.
 */
async function pushManagerAt(context: BrowserContext, subscription: object) {
  await context.addInitScript(
    (given) => {
      let current: unknown = null;
      const make = () => ({
        endpoint: given.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: given.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe() {
        current ??= make();
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return current as PushSubscription | null;
      };
    },
    subscription as { endpoint: string; keys: { p256dh: string; auth: string } },
  );
}

/** The service worker's registration id, from the DevTools protocol. */
async function registrationIdOf(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((one) => !one.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return found;
}

const pushPayloads = () =>
  pushService.received.map((push) => push.payload as { kind: string; title: string });

describe('web push in the browser (issue 31 item 4)', () => {
  it(
    'pushes a message in the member’s language, shows it, and stops when the kind is off',
    { timeout: 180_000 },
    async () => {
      const [ruth, sam] = await twoMembers();
      await updateMember(db, ruth.id, { language: 'nl' });
      await setCredits(db, sam, 200, true);

      // Ruth (Dutch) turns push on for this browser on the notifications page.
      const subscription = pushService.subscription();
      const recipient = await logIn(ruth, 'nl', async (page) => {
        await page.context().grantPermissions(['notifications'], { origin: server.baseUrl });
        await pushManagerAt(page.context(), subscription);
        // Her tab's socket never reaches the server: a member with a tab open gets no push
        // (the tab shows it already); this tab stays open to change kinds and watch the worker.
        await page.routeWebSocket('**/api/socket', () => undefined);
      });
      const ruthPage = recipient.page;
      await ruthPage.goto('/notifications');
      await ruthPage.getByRole('heading', { level: 1, name: 'Meldingen' }).waitFor();
      await ruthPage.getByText('Pushmeldingen staan uit op dit apparaat.').waitFor();
      const attached = ruthPage.waitForResponse(
        (response) => response.url().endsWith('/api/user.php?push=1') && response.ok(),
      );
      await ruthPage.getByRole('button', { name: 'Pushmeldingen aanzetten' }).click();
      await attached;
      await ruthPage.getByText('Pushmeldingen staan aan op dit apparaat.').waitFor();

      // Sam writes to her from another browser: the first message opens a conversation.
      const sender = await logIn(sam, 'en');
      const samPage = sender.page;
      await samPage.goto(`/members/${ruth.id}`);
      await samPage.getByRole('button', { name: `Message ${ruth.name}` }).click();
      await samPage.waitForURL(`**/members/${ruth.id}/chat`);
      await samPage.getByLabel('Your message').fill('Hoi Ruth!');
      await samPage.getByRole('button', { name: 'Send', exact: true }).click();

      const [first] = await pushService.waitForPushes(1, 60_000);
      expect(first!.headers['content-encoding']).toBe('aes128gcm');
      expect(first!.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
      expect(first!.payload).toMatchObject({
        kind: 'message',
        title: `${sam.name} is een gesprek met je begonnen`,
        body: 'Open de chat om het te lezen.',
        url: `/members/${sam.id}/chat`,
        badge: 1,
      });

      // The decrypted payload delivered to Ruth's service worker: it shows the notification.
      await ruthPage.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const cdp = await recipient.context.newCDPSession(ruthPage);
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(server.baseUrl).origin,
        registrationId: await registrationIdOf(cdp),
        data: JSON.stringify(first!.payload),
      });
      await ruthPage.waitForFunction(async (title) => {
        const registration = await navigator.serviceWorker.ready;
        const shown = await registration.getNotifications();
        return shown.some((one) => one.title === title && one.body !== '');
      }, `${sam.name} is een gesprek met je begonnen`);

      // Ruth turns push off for new messages on the page.
      const newMessagesPush = ruthPage.getByRole('switch', { name: 'Nieuwe berichten: Push' });
      // The switch follows the server's answer (not the click), so a click, then the answer.
      await newMessagesPush.click();
      await ruthPage.getByText('Opgeslagen.').waitFor();
      await expect.poll(() => newMessagesPush.isChecked()).toBe(false);
      // The page in this state (push on for the device, one kind off), for a person to look at.
      for (const viewport of [PHONE, DESKTOP]) {
        await ruthPage.setViewportSize(viewport);
        await ruthPage.screenshot({
          path: `${SHOTS_DIR}/notifications-subscribed-nl-${viewport.width}.png`,
          fullPage: true,
        });
      }

      // Sam's second message brings no push; his like after it (still on) does, and is the
      // only one that arrives: the message's push, had there been one, came before it.
      await samPage.getByLabel('Your message').fill('Ben je er nog?');
      await samPage.getByRole('button', { name: 'Send', exact: true }).click();
      await samPage.getByText('Ben je er nog?').waitFor();
      await apiPost(samPage, '/api/like.php', { profile: ruth.id });
      const likeTitle = `${sam.name} vindt je leuk`;
      await expect
        .poll(() => pushPayloads().some((payload) => payload.title === likeTitle), {
          timeout: 60_000,
        })
        .toBe(true);
      expect(pushPayloads().filter((payload) => payload.kind === 'message')).toHaveLength(1);

      // Ruth logs out: this browser's subscription ends with her, so the next person at the
      // device gets none of her notifications (data-owner.ts).
      await ruthPage.setViewportSize(DESKTOP);
      await ruthPage.getByRole('button', { name: 'Mijn account' }).click();
      await ruthPage.getByRole('button', { name: 'Uitloggen' }).click();
      await ruthPage.getByRole('link', { name: 'Inloggen' }).first().waitFor();
      await expect
        .poll(() =>
          ruthPage.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.pushManager.getSubscription()) !== null;
          }),
        )
        .toBe(false);
      expect(recipient.errors).toEqual([]);
    },
  );
});
