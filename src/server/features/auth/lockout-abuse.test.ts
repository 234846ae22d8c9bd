import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type SmtpCapture, linkIn, startSmtpCapture } from '@server/test/smtp-capture';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// What a stranger who knows (or guesses) an e-mail address can do with the lockout and the
// reset-mail limit: neither may tell whether the address has an account, and neither may
// keep the member out of their own browser (issue 7 §1.6, §5.2; docs/login-lockout.md).
let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, LOGIN_MAX_FAILURES: '3' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const PASSWORD = 'correct horse battery';

async function failTimes(client: TestClient, email: string, times: number) {
  const answers = [];
  for (let i = 0; i < times; i++)
    answers.push(
      (await client.post('/api/user.php', { email, password: `wrong-${i}-guess` })).json(),
    );
  return answers;
}

describe('login lockout does not reveal accounts', () => {
  it('answers an unknown address exactly like a locked real account', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const stranger = new TestClient(t.app);
    const real = await failTimes(stranger, member.email, 4);
    const unknown = await failTimes(stranger, `nobody-${member.id}@example.com`, 4);
    expect(unknown).toEqual(real);
    expect(real.slice(0, 2)).toEqual([{ error: 'login_failed' }, { error: 'login_failed' }]);
    expect(real.slice(2)).toEqual([
      { error: 'account_locked', minutes: 15 },
      { error: 'account_locked', minutes: 15 },
    ]);
  });
});

describe('the member keeps their own browser', () => {
  it('logs in from the browser that signed up, after a stranger locked the address', async () => {
    const ownBrowser = new TestClient(t.app);
    const email = `signup-browser-${Date.now()}@example.com`;
    await ownBrowser.post('/api/signup.php', {
      email,
      name: 'Own Browser',
      password: PASSWORD,
      date_of_birth: '1991-02-03',
    });
    expect(ownBrowser.cookies.has('device')).toBe(true);
    await ownBrowser.get('/api/logout.php');
    await failTimes(new TestClient(t.app), email, 5);
    const login = await ownBrowser.post('/api/user.php', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('logs in from the browser that reset the password', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const ownBrowser = new TestClient(t.app);
    await ownBrowser.post('/api/reset-password.php', { email: member.email });
    const link = linkIn(await smtp.waitForMail(member.email), '/reset-password/do');
    const token = new URL(link).searchParams.get('token')!;
    const newPassword = 'a brand new passphrase';
    const done = await ownBrowser.post('/api/reset-password-do.php', {
      token,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(done.json()).toEqual({ ok: true });
    expect(ownBrowser.cookies.has('device')).toBe(true);
    await failTimes(new TestClient(t.app), member.email, 5);
    const login = await ownBrowser.post('/api/user.php', {
      email: member.email,
      password: newPassword,
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('reset mails a stranger cannot use up', () => {
  it('counts the daily limit per requester, so the member still gets a mail', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const stranger = new TestClient(t.app);
    const strangerAnswers = [];
    for (let i = 0; i < 4; i++)
      strangerAnswers.push(
        (await stranger.post('/api/reset-password.php', { email: member.email })).json(),
      );
    expect(strangerAnswers[3]).toEqual({ error: 'reset_limit_reached' });
    const member2 = new TestClient(t.app);
    expect((await member2.post('/api/reset-password.php', { email: member.email })).json()).toEqual(
      {
        ok: true,
      },
    );
  });

  it("keeps the member's own browser its own mails when strangers used up the overall cap", async () => {
    const member = await createMember(t.database.db, t.siteId);
    const ownBrowser = new TestClient(t.app);
    await ownBrowser.post('/api/user.php', { email: member.email, password: PASSWORD });
    await ownBrowser.get('/api/logout.php');
    // Ten strangers from ten networks reach the overall cap on strangers' requests.
    for (let i = 0; i < 4; i++) {
      const stranger = new TestClient(t.app);
      for (let j = 0; j < 3; j++)
        await stranger.post('/api/reset-password.php', { email: member.email });
    }
    const yetAnother = await new TestClient(t.app).post('/api/reset-password.php', {
      email: member.email,
    });
    expect(yetAnother.json()).toEqual({ error: 'reset_limit_reached' });
    const own = await ownBrowser.post('/api/reset-password.php', { email: member.email });
    expect(own.json()).toEqual({ ok: true });
  });
});
