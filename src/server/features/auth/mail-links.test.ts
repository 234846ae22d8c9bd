import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite } from '@server/seed/demo-site';
import { createMember } from '@server/test/factories';
import { type SmtpCapture, linkIn, startSmtpCapture } from '@server/test/smtp-capture';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// issue 7 §1.1: links in mails are built from the site's stored domain, never from headers a
// client can forge, even behind a proxy whose forwarded headers are trusted.
let smtp: SmtpCapture;
let t: TestApp;
let siteId: number;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: '1' });
  ({ siteId } = await seedDemoSite(t.database.db, 'amora.example', ['www.amora.example']));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const FORGED = {
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  'x-forwarded-for': '198.51.100.9',
};

describe('links in account mails', () => {
  it('point to the site domain when the reset request forges the forwarded host', async () => {
    const member = await createMember(t.database.db, siteId);
    const visitor = new TestClient(t.app, 'www.amora.example');
    const answer = await visitor.request(
      'POST',
      '/api/reset-password.php',
      { email: member.email },
      FORGED,
    );
    expect(answer.json()).toEqual({ ok: true });
    const link = linkIn(await smtp.waitForMail(member.email), '/reset-password/do');
    expect(link).toMatch(/^https:\/\/amora\.example\/reset-password\/do\?token=/);
    expect(link).not.toContain('evil');
  });

  it('point to the site domain in the activation mail of a signup with forged headers', async () => {
    const visitor = new TestClient(t.app, 'amora.example');
    const email = `forged-${Date.now()}@example.com`;
    await visitor.request(
      'POST',
      '/api/signup.php',
      {
        email,
        name: 'Forged Host',
        password: 'a long enough passphrase',
        date_of_birth: '1990-01-01',
      },
      FORGED,
    );
    const link = linkIn(await smtp.waitForMail(email), '/api/activate.php');
    expect(link).toMatch(/^https:\/\/amora\.example\/api\/activate\.php\?token=/);
  });

  it('keep plain http and the port only for the loopback development site', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const visitor = new TestClient(t.app, 'localhost:3000');
    await visitor.request('POST', '/api/reset-password.php', { email: member.email }, FORGED);
    const link = linkIn(await smtp.waitForMail(member.email), '/reset-password/do');
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\/do\?token=/);
  });
});
