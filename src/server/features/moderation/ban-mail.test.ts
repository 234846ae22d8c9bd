import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type SmtpCapture, linkIn, startSmtpCapture } from '@server/test/smtp-capture';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { type TestApp, createTestApp } from '@server/test/test-app';

// The ban page promises (spec §2 ban; issue 31 item 10): "We let you know by e-mail that your
// account has been banned and why." The mail is a job committed with the ban.
let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const moderator = async () =>
  staffClient(t, await createTestStaff(t, 'moderator', { sites: [t.siteId] }));

describe('the ban notice', () => {
  it('tells the member, in their language, that they were banned, why, and how to appeal', async () => {
    const member = await createMember(t.database.db, t.siteId, { language: 'nl' });
    const staff = await moderator();
    const banned = await staff.post('/api/admin/member-ban.php', {
      member: member.id,
      reason: 'Vroeg leden om geld <via> een andere site',
    });
    expect(banned.statusCode).toBe(200);
    const mail = await smtp.waitForMail(member.email);
    expect(mail.subject).toContain('geblokkeerd');
    expect(mail.text).toContain('De reden: Vroeg leden om geld <via> een andere site');
    // The moderator's words are text in the HTML part, never markup.
    expect(mail.html).toContain('&#60;via&#62;');
    expect(new URL(linkIn(mail, '/pages/ban')).pathname).toBe('/pages/ban');
  });

  it('is sent when a report is resolved with a ban too', async () => {
    const reporter = await createMember(t.database.db, t.siteId);
    const reported = await createMember(t.database.db, t.siteId, { language: 'en' });
    const { id: report } = await t.database.db
      .insertInto('reports')
      .values({
        site_id: t.siteId,
        reporter_id: reporter.id,
        reported_id: reported.id,
        message_id: null,
        reason: 'spam',
        note: null,
        excerpt_json: '[]',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const staff = await moderator();
    const resolved = await staff.post('/api/admin/report-resolution.php', {
      report,
      resolution: 'banned',
      reason: 'Spam',
    });
    expect(resolved.statusCode).toBe(200);
    const mail = await smtp.waitForMail(reported.email);
    expect(mail.subject).toBe('Your Amora account has been banned');
    expect(mail.text).toContain('The reason: Spam');
  });
});
