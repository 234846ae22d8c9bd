import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '@server/mail/mailer';
import { chatWorld } from '@server/test/chat-test-world';
import { type SmtpCapture, startSmtpCapture } from '@server/test/smtp-capture';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { loadNotificationKeys } from './notification-keys';
import { quietUntil } from './quiet-hours';
import { runUnreadReminder } from './unread-reminder';

// Issue 31 item 5: e-mail by kind, the one-click unsubscribe (RFC 8058) and the mail
// provider's reports (spec §8 fbl, bounce, listunsubscribe), with the real SMTP capture.
const SECRET = 'reports-secret-0123456789abcdef';
let t: TestApp;
let smtp: SmtpCapture;
const world = chatWorld(() => t);
const postponed: Array<{ startAfter?: Date }> = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_REPORTS_SECRET: SECRET });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The reminder job as a worker runs it (its schedule is hours away; the test runs it now). */
const runReminder = (memberId: number, now = new Date()) =>
  runUnreadReminder(
    {
      db: t.database.db,
      config: t.config,
      mailer: smtpMailer(smtp.url),
      jobs: {
        enqueue: async (
          _db: unknown,
          _name: unknown,
          _data: unknown,
          options?: { startAfter?: Date },
        ) => {
          postponed.push(options ?? {});
        },
      } as never,
    },
    () => loadNotificationKeys(t.database.db, t.config),
    { memberId, origin: 'http://localhost' },
    now,
  );

/** A zone whose clock reads `hour` now (Etc/GMT zones count the other way round). */
function zoneAt(hour: number, now = new Date()): string {
  const offset = (((hour - now.getUTCHours()) % 24) + 24) % 24;
  const shift = offset > 12 ? offset - 24 : offset;
  return shift === 0 ? 'Etc/GMT' : `Etc/GMT${shift > 0 ? '-' : '+'}${Math.abs(shift)}`;
}

async function memberWithUnread(options: Parameters<typeof world.member>[0] = {}) {
  const member = await world.member({ time_zone: zoneAt(12), ...options });
  const sender = await world.loggedIn(await world.member());
  await world.sent(sender, member.id, 'one');
  await world.sent(sender, member.id, 'two');
  return member;
}

describe('the unread-message reminder', () => {
  it('mails once for several unread messages, with a one-click unsubscribe and the page', async () => {
    const member = await memberWithUnread({ language: 'nl' });
    await runReminder(member.id);
    await runReminder(member.id);
    const mail = await smtp.waitForMail(member.email);
    expect(smtp.mails.filter((sent) => sent.to.includes(member.email))).toHaveLength(1);
    expect(mail.subject).toBe('Je hebt 2 ongelezen berichten');
    expect(mail.text).toContain('http://localhost/notifications');
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(mail.listUnsubscribe).toMatch(
      /^<http:\/\/localhost\/api\/unsubscribe\.php\?token=[\w.-]+>$/,
    );
  });

  it('waits out the quiet hours in the member’s time zone', async () => {
    const member = await memberWithUnread({ time_zone: zoneAt(3) });
    postponed.length = 0;
    await runReminder(member.id);
    expect(smtp.mails.some((sent) => sent.to.includes(member.email))).toBe(false);
    expect(postponed).toHaveLength(1);
    const until = postponed[0]!.startAfter!;
    expect(until.getTime() - Date.now()).toBeGreaterThan(3 * 3_600_000);
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(5 * 3_600_000);
  });

  it('sends nothing while e-mail is disabled or the kind is off', async () => {
    const disabled = await memberWithUnread({ notifications_disabled_json: '["bounce"]' });
    const kindOff = await memberWithUnread();
    const client = await world.loggedIn(kindOff);
    await client.put('/api/notifications.php', { mail: { unread_reminders: false } });
    await runReminder(disabled.id);
    await runReminder(kindOff.id);
    expect(
      smtp.mails.filter((sent) =>
        [disabled.email, kindOff.email].some((to) => sent.to.includes(to)),
      ),
    ).toEqual([]);
  });

  it('knows the quiet hours', () => {
    const at = (iso: string) =>
      quietUntil(new Date(iso), 'Europe/Amsterdam')?.toISOString() ?? null;
    expect(at('2026-06-01T12:00:00Z')).toBeNull();
    expect(at('2026-06-01T21:30:00Z')).toBe('2026-06-02T06:00:00.000Z');
    expect(at('2026-06-01T02:00:00Z')).toBe('2026-06-01T06:00:00.000Z');
  });
});

describe('the one-click unsubscribe (RFC 8058)', () => {
  async function unsubscribeUrl() {
    const member = await memberWithUnread();
    await runReminder(member.id);
    const mail = await smtp.waitForMail(member.email);
    return { member, url: new URL(mail.listUnsubscribe!.slice(1, -1)) };
  }
  const oneClick = (path: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
  const reasonsOf = async (memberId: number) =>
    (
      await t.database.db
        .selectFrom('members')
        .select('notifications_disabled_json')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).notifications_disabled_json;

  it('disables e-mail with the reason listunsubscribe, without a session or CSRF token', async () => {
    const { member, url } = await unsubscribeUrl();
    // Opening the link (a scanner, a click) changes nothing: it shows the page.
    const opened = await t.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { host: 'localhost' },
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/notifications');
    expect(await reasonsOf(member.id)).toBe('[]');
    const response = await oneClick(url.pathname + url.search);
    expect(response.statusCode, response.body).toBe(200);
    expect(await reasonsOf(member.id)).toBe('["listunsubscribe"]');
    const client = await world.loggedIn(member);
    expect((await client.get('/api/notifications.php')).json().email_disabled).toEqual([
      'listunsubscribe',
    ]);
  });

  it('refuses a replayed or forged link and changes nothing', async () => {
    const { member, url } = await unsubscribeUrl();
    expect((await oneClick(url.pathname + url.search)).statusCode).toBe(200);
    const client = await world.loggedIn(member);
    await client.put('/api/notifications.php', { resume_email: true });
    const replay = await oneClick(url.pathname + url.search);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('link_invalid');
    const token = url.searchParams.get('token')!;
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const forgedAnswer = await oneClick(`/api/unsubscribe.php?token=${forged}`);
    expect(forgedAnswer.json().error).toBe('link_invalid');
    expect(await reasonsOf(member.id)).toBe('[]');
  });
});

describe('the mail provider’s bounce and complaint reports', () => {
  const report = (authorization: string | undefined, reports: unknown) =>
    new TestClient(t.app).request(
      'POST',
      '/api/mail-reports.php',
      { reports },
      {
        ...(authorization ? { authorization } : {}),
      },
    );

  it('refuses a report without the right secret and changes nothing', async () => {
    const member = await world.member();
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${SECRET}`]) {
      const answer = await report(authorization, [{ email: member.email, type: 'bounce' }]);
      expect(answer.statusCode, String(authorization)).toBe(403);
    }
    const client = await world.loggedIn(member);
    expect((await client.get('/api/user.php')).json().user.notifications_disabled).toEqual([]);
  });

  it('disables e-mail with bounce or fbl, which the member sees and can undo', async () => {
    const [bounced, complained] = [await world.member(), await world.member()];
    const answer = await report(`Bearer ${SECRET}`, [
      { email: bounced.email.toUpperCase(), type: 'bounce' },
      { email: complained.email, type: 'complaint' },
      { email: 'nobody@example.com', type: 'bounce' },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const client = await world.loggedIn(bounced);
    expect((await client.get('/api/user.php')).json().user.notifications_disabled).toEqual([
      'bounce',
    ]);
    const other = await world.loggedIn(complained);
    expect((await other.get('/api/notifications.php')).json().email_disabled).toEqual(['fbl']);
    await client.put('/api/notifications.php', { resume_email: true });
    expect((await client.get('/api/user.php')).json().user.notifications_disabled).toEqual([]);
  });
});
