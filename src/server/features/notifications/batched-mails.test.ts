import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '@server/jobs';
import type { JobQueue } from '@server/jobs';
import { type Mailer, smtpMailer } from '@server/mail/mailer';
import { memberChannel } from '@server/realtime/member-events';
import { chatWorld } from '@server/test/chat-test-world';
import { type SmtpCapture, startSmtpCapture } from '@server/test/smtp-capture';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { runLikeMail, sweepLikeMails } from './like-mails';
import { loadNotificationKeys } from './notification-keys';
import { runSpendingSummary, sweepSpendingSummaries } from './spending-summary-mail';
import { runWeeklyUpdate, sweepWeeklyUpdates } from './weekly-update';

// Issue 31 items 5 and 9: the batched like and match mail, the weekly update and the spending
// cap's monthly summary, over the real SMTP capture. Time is passed in (`now`), never slept.
let t: TestApp;
let smtp: SmtpCapture;
const world = chatWorld(() => t);
const db = () => t.database.db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Members with a tab open, as the pub/sub answers for their channel (push.test.ts opens real ones). */
const present = new Set<string>();
const enqueued: Array<{ name: string; data: unknown }> = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const keys = () => loadNotificationKeys(db(), t.config);
function services(mailer: Mailer = smtpMailer(smtp.url)) {
  return {
    db: db(),
    config: t.config,
    mailer,
    pubSub: { subscriberCount: async (channel: string) => (present.has(channel) ? 1 : 0) },
    jobs: {
      enqueue: async (_db: unknown, name: string, data: unknown) => {
        enqueued.push({ name, data });
      },
      wake: () => undefined,
    },
  } as never;
}
const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

/** A zone whose clock reads `hour` at `at` (Etc/GMT zones count the other way round). */
function zoneAt(hour: number, at = new Date()): string {
  const offset = (((hour - at.getUTCHours()) % 24) + 24) % 24;
  const shift = offset > 12 ? offset - 24 : offset;
  return shift === 0 ? 'Etc/GMT' : `Etc/GMT${shift > 0 ? '-' : '+'}${Math.abs(shift)}`;
}

async function like(likerId: number, likedId: number, at = new Date()) {
  await db()
    .insertInto('likes')
    .values({
      liker_id: likerId,
      liked_id: likedId,
      source: 'member',
      created_at: at.toISOString(),
    })
    .execute();
}

describe('the like and match mail', () => {
  it('mails once for several likes, naming a fictional liker with its label', async () => {
    const now = new Date();
    const member = await world.member({ language: 'en', time_zone: zoneAt(12, now) });
    const anna = await world.member({ name: 'Anna' });
    const mira = await world.member({ name: 'Mira', is_fictional: 1 });
    await like(anna.id, member.id, new Date(now.getTime() - HOUR));
    await like(mira.id, member.id, new Date(now.getTime() - 30 * 60_000));
    expect(await sweepLikeMails(services(), now)).toContain(member.id);
    // The sweep's job twice (a retried sweep, a second instance): one mail.
    await runLikeMail(services(), keys, { memberId: member.id }, now);
    await runLikeMail(services(), keys, { memberId: member.id }, now);
    const mail = await smtp.waitForMail(member.email);
    expect(mailsTo(member.email)).toHaveLength(1);
    expect(mail.subject).toBe('2 people like you');
    expect(mail.text).toContain('• Mira (fictional profile)\n• Anna');
    expect(mail.text).toContain('http://localhost/likes/liked-by');
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(mail.listUnsubscribe).toMatch(/^<http:\/\/localhost\/api\/unsubscribe\.php\?token=/);
    // Told of: the next sweep leaves the member alone.
    expect(await sweepLikeMails(services(), new Date(now.getTime() + HOUR))).not.toContain(
      member.id,
    );
  });

  it('waits some hours before the next mail, which tells only what is new', async () => {
    const now = new Date();
    const member = await world.member({ language: 'nl', time_zone: 'Etc/GMT' });
    const first = await world.member({ name: 'Eerste' });
    const second = await world.member({ name: 'Tweede' });
    const noon = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12));
    await like(first.id, member.id, new Date(noon.getTime() - HOUR));
    await runLikeMail(services(), keys, { memberId: member.id }, noon);
    await like(second.id, member.id, new Date(noon.getTime() + HOUR));
    const soon = new Date(noon.getTime() + 2 * HOUR);
    expect(await sweepLikeMails(services(), soon)).not.toContain(member.id);
    await runLikeMail(services(), keys, { memberId: member.id }, soon);
    expect(mailsTo(member.email)).toHaveLength(1);
    const later = new Date(noon.getTime() + 5 * HOUR);
    expect(await sweepLikeMails(services(), later)).toContain(member.id);
    await runLikeMail(services(), keys, { memberId: member.id }, later);
    const mails = mailsTo(member.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Iemand vindt je leuk');
    expect(mails[1]!.text).toContain('• Tweede');
    expect(mails[1]!.text).not.toContain('Eerste');
  });

  it('tells a match apart from a like, and leaves out a match the member made', async () => {
    const now = new Date();
    const member = await world.member({ time_zone: zoneAt(12, now) });
    const [partner, madeByMember] = [await world.member(), await world.member()];
    await like(member.id, partner.id, new Date(now.getTime() - 3 * HOUR));
    await like(partner.id, member.id, new Date(now.getTime() - 2 * HOUR));
    await like(madeByMember.id, member.id, new Date(now.getTime() - 2 * HOUR));
    await like(member.id, madeByMember.id, new Date(now.getTime() - HOUR));
    await runLikeMail(services(), keys, { memberId: member.id }, now);
    const mail = await smtp.waitForMail(member.email);
    expect(mail.subject).toBe('You have a new match');
    expect(mail.text).toContain(`• ${partner.name}`);
    expect(mail.text).not.toContain(madeByMember.name);
    expect(mail.text).toContain('http://localhost/likes/matches');
  });

  it('sends nothing at night, with a tab open, with the kind off or e-mail disabled', async () => {
    const now = new Date();
    const liker = await world.member();
    const night = await world.member({ time_zone: zoneAt(3, now) });
    const withTab = await world.member({ time_zone: zoneAt(12, now) });
    const kindOff = await world.member({ time_zone: zoneAt(12, now) });
    const disabled = await world.member({
      time_zone: zoneAt(12, now),
      notifications_disabled_json: '["bounce"]',
    });
    await (await world.loggedIn(kindOff)).put('/api/notifications.php', { mail: { likes: false } });
    present.add(memberChannel(withTab.id));
    for (const member of [night, withTab, kindOff, disabled]) {
      await like(liker.id, member.id, new Date(now.getTime() - HOUR));
      await runLikeMail(services(), keys, { memberId: member.id }, now);
    }
    const quiet = [night, withTab, kindOff, disabled].flatMap((member) => mailsTo(member.email));
    expect(quiet).toEqual([]);
    // Nothing was recorded: the night and the tab only postpone it to a later sweep.
    const swept = await sweepLikeMails(services(), now);
    expect(swept).toEqual(expect.arrayContaining([night.id, withTab.id, kindOff.id]));
    expect(swept).not.toContain(disabled.id);
    present.delete(memberChannel(withTab.id));
    await runLikeMail(services(), keys, { memberId: withTab.id }, now);
    expect(mailsTo(withTab.email)).toHaveLength(1);
  });

  it('sends again after a failed send, and only once', async () => {
    const now = new Date();
    const member = await world.member({ time_zone: zoneAt(12, now) });
    await like((await world.member()).id, member.id, new Date(now.getTime() - HOUR));
    const failing: Mailer = {
      send: async () => {
        throw new Error('SMTP away');
      },
    } as never;
    await expect(
      runLikeMail(services(failing), keys, { memberId: member.id }, now),
    ).rejects.toThrow('SMTP away');
    await runLikeMail(services(), keys, { memberId: member.id }, now);
    await runLikeMail(services(), keys, { memberId: member.id }, now);
    await smtp.waitForMail(member.email);
    expect(mailsTo(member.email)).toHaveLength(1);
  });

  it('is swept and worked by the deployment’s own job queue', async () => {
    // The app's workers (pg-boss on PostgreSQL, the outbox on SQLite) run the job at their
    // own time, so the member's zone is one where it is day for hours to come.
    const member = await world.member({ time_zone: zoneAt(10) });
    await like((await world.member({ name: 'Queued' })).id, member.id);
    const queue: JobQueue = createJobQueue(t.config, t.database);
    try {
      expect(await sweepLikeMails({ db: db(), jobs: queue })).toContain(member.id);
      const mail = await smtp.waitForMail(member.email);
      expect(mail.text).toContain('• Queued');
    } finally {
      await queue.stop();
    }
  });
});

/** The next Monday at `hour`:00 UTC after `from` (within the coming week). */
function nextMonday(hour: number, from = new Date()): Date {
  const day = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), hour),
  );
  while (day.getUTCDay() !== 1 || day <= from) day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

describe('the weekly update', () => {
  it('tells a member their own figures of the week on Monday morning, once', async () => {
    const monday = nextMonday(10);
    const member = await world.member({ language: 'en', time_zone: 'Etc/GMT' });
    const likers = [await world.member(), await world.member()];
    for (const liker of likers) await like(liker.id, member.id);
    await like(member.id, likers[0]!.id);
    const sender = await world.loggedIn(await world.member());
    await world.sent(sender, member.id, 'hello');
    expect(await sweepWeeklyUpdates(services(), monday)).toContain(member.id);
    await runWeeklyUpdate(services(), keys, { memberId: member.id }, monday);
    await runWeeklyUpdate(
      services(),
      keys,
      { memberId: member.id },
      new Date(monday.getTime() + HOUR),
    );
    const mail = await smtp.waitForMail(member.email);
    expect(mailsTo(member.email)).toHaveLength(1);
    expect(mail.subject).toBe('Your week on Amora');
    expect(mail.text).toContain(
      '• 2 members liked you\n• 1 new match\n• 1 unread message is waiting for you',
    );
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(await sweepWeeklyUpdates(services(), new Date(monday.getTime() + HOUR))).not.toContain(
      member.id,
    );
  });

  it('sends nothing when the week has nothing, nor outside Monday morning', async () => {
    const monday = nextMonday(10);
    const idle = await world.member({ time_zone: 'Etc/GMT' });
    const liked = await world.member({ time_zone: 'Etc/GMT' });
    await like((await world.member()).id, liked.id);
    await runWeeklyUpdate(services(), keys, { memberId: idle.id }, monday);
    const sunday = new Date(monday.getTime() - DAY);
    expect(await sweepWeeklyUpdates(services(), sunday)).not.toContain(liked.id);
    await runWeeklyUpdate(services(), keys, { memberId: liked.id }, sunday);
    expect([...mailsTo(idle.email), ...mailsTo(liked.email)]).toEqual([]);
  });
});

describe('the spending cap’s monthly summary', () => {
  /** A limit of €50 a month, set as the settings screen sets it (NL members pay in euros). */
  async function setCap(member: Parameters<typeof world.loggedIn>[0]) {
    const client = await world.loggedIn(member);
    const answer = await client.put('/api/spending-cap.php', { cap_cents: 5000 });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  async function paid(memberId: number, credits: number, cents: number, at: Date) {
    await db()
      .insertInto('payments')
      .values({
        site_id: t.siteId,
        member_id: memberId,
        bundle_id: 'popular',
        credits,
        currency: 'EUR',
        list_price_cents: cents,
        discount_cents: 0,
        amount_cents: cents,
        vat_percent: 21,
        method: 'ideal',
        provider: 'demo',
        status: 'paid',
        order_key: randomBytes(9).toString('base64url'),
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .execute();
  }

  it('lists last month’s purchases against the limit, once, in the member’s language', async () => {
    const now = new Date();
    const firstOfNext = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 9));
    const member = await world.member({ language: 'nl', time_zone: 'Etc/GMT' });
    const uncapped = await world.member({ time_zone: 'Etc/GMT' });
    await setCap(member);
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 2, 12));
    await paid(member.id, 250, 2995, thisMonth);
    await paid(uncapped.id, 250, 2995, thisMonth);
    const swept = await sweepSpendingSummaries(services(), firstOfNext);
    expect(swept).toContain(member.id);
    expect(swept).not.toContain(uncapped.id);
    await runSpendingSummary(services(), keys, { memberId: member.id }, firstOfNext);
    await runSpendingSummary(services(), keys, { memberId: member.id }, firstOfNext);
    const mail = await smtp.waitForMail(member.email);
    expect(mailsTo(member.email)).toHaveLength(1);
    // Intl puts a no-break space between the euro sign and the amount.
    const text = mail.text.replace(/\u00a0/g, ' ');
    const month = new Intl.DateTimeFormat('nl', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(thisMonth);
    expect(mail.subject).toBe(`Je uitgaven bij Amora in ${month}`);
    expect(text).toContain('heb je € 29,95 aan credits uitgegeven');
    expect(text).toContain('bestedingslimiet is € 50,00');
    expect(text).toContain(': 250 credits voor € 29,95');
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(await sweepSpendingSummaries(services(), firstOfNext)).not.toContain(member.id);
  });

  it('is turned off with the weekly update, and waits out the night', async () => {
    const now = new Date();
    const firstOfNext = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 3));
    const off = await world.member({ time_zone: 'Etc/GMT' });
    const asleep = await world.member({ time_zone: 'Etc/GMT' });
    for (const member of [off, asleep]) await setCap(member);
    await (
      await world.loggedIn(off)
    ).put('/api/notifications.php', {
      mail: { weekly_updates: false },
    });
    await runSpendingSummary(
      services(),
      keys,
      { memberId: off.id },
      new Date(firstOfNext.getTime() + 8 * HOUR),
    );
    await runSpendingSummary(services(), keys, { memberId: asleep.id }, firstOfNext);
    expect([...mailsTo(off.email), ...mailsTo(asleep.email)]).toEqual([]);
    await runSpendingSummary(
      services(),
      keys,
      { memberId: asleep.id },
      new Date(firstOfNext.getTime() + 6 * HOUR),
    );
    expect((await smtp.waitForMail(asleep.email)).text).toContain('you did not buy any credits');
  });
});
