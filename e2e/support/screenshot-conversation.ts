import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { Db } from '../../src/server/db/database';
import { DEMO_LOGIN } from '../../src/server/seed/demo-login';
import { memberIdByEmail } from './database';
import { openPage } from './page-helpers';
import {
  type Person,
  apiPost,
  csrfOf,
  demoMembers,
  logIn,
  setBalance,
  setCredits,
} from './demo-people';

// The demo member's conversation for `npm run screenshots` (issue 25 item 8): two days of
// messages, so the day separator shows, and a photo the partner sent, hidden until viewed.
// Sent through the API as the two members would; only the first day's times are moved back.

const YESTERDAY = [
  ['partner', 'Hi! I saw you like walking too. Where do you usually go?'],
  ['demo', 'Mostly the dunes near the coast. And you?'],
  ['partner', 'The woods near my place, every other weekend. Early, before anyone else is up.'],
  ['demo', 'That sounds lovely. Coffee afterwards?'],
] as const;
const TODAY = [
  ['partner', 'Good morning! Look where I am right now.'],
  ['partner', 'photo'],
  ['demo', 'Beautiful. Same time next week, together?'],
] as const;

async function sendAll(
  lines: ReadonlyArray<readonly [string, string]>,
  pages: { demo: Page; partner: Page },
  ids: { demo: number; partner: number },
  counter: { sent: number },
) {
  for (const [who, text] of lines) {
    counter.sent += 1;
    const from = who === 'demo' ? pages.demo : pages.partner;
    const to = who === 'demo' ? ids.partner : ids.demo;
    const client_key = `screenshots-${counter.sent}-abcdefgh`;
    if (text === 'photo') {
      const photo = await sharp({
        create: { width: 600, height: 800, channels: 3, background: '#3f7f5f' },
      })
        .jpeg()
        .toBuffer();
      const response = await from.request.post('/api/chat-photo.php', {
        headers: { 'x-csrf-token': await csrfOf(from) },
        multipart: {
          to: String(to),
          client_key,
          photo: { name: 'woods.jpg', mimeType: 'image/jpeg', buffer: photo },
        },
      });
      if (response.status() !== 200) throw new Error(`chat-photo.php: ${response.status()}`);
    } else {
      await apiPost(from, '/api/chat-message.php', { kind: 'text', to, client_key, text });
    }
  }
}

/** Arranges the conversation and answers the partner (the one whose chat is shot). */
export async function arrangeConversation(
  browser: Browser,
  baseUrl: string,
  db: Db,
): Promise<Person> {
  const [partner] = (await demoMembers(db, 1)) as [Person];
  const demoId = await memberIdByEmail(db, DEMO_LOGIN.email);
  await setCredits(db, partner, 500, true);
  await setBalance(db, demoId, 150);
  // The demo login keeps the seed's own password (demoMembers gives the others theirs).
  const demoSide = await openPage(browser, baseUrl);
  await demoSide.page.goto('/');
  await apiPost(demoSide.page, '/api/user.php', DEMO_LOGIN);
  const partnerSide = await logIn(browser, baseUrl, partner);
  const pages = { demo: demoSide.page, partner: partnerSide.page };
  const ids = { demo: demoId, partner: partner.id };
  const counter = { sent: 0 };
  await sendAll(YESTERDAY, pages, ids, counter);
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  await db
    .updateTable('messages')
    .set({ created_at: yesterday })
    .where('client_key', 'like', 'screenshots-%')
    .execute();
  await sendAll(TODAY, pages, ids, counter);
  await demoSide.context.close();
  await partnerSide.context.close();
  return partner;
}
