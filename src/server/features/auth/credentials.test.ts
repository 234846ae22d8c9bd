import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type SmtpCapture, linkIn, startSmtpCapture } from '@server/test/smtp-capture';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

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

const PASSWORD = 'correct horse battery';
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function loggedIn(email?: string) {
  const member = await createMember(t.database.db, t.siteId, email ? { email } : {});
  const client = new TestClient(t.app);
  await client.post('/api/user.php', { email: member.email, password: PASSWORD });
  return { member, client };
}

describe('password reset', () => {
  it('mails a single-use link valid 30 minutes that sets a new password and ends every session', async () => {
    const { member, client: oldSession } = await loggedIn();
    const visitor = new TestClient(t.app);
    const request = await visitor.post('/api/reset-password.php', { email: member.email });
    expect(request.json()).toEqual({ ok: true });
    const mail = await smtp.waitForMail(member.email);
    expect(mail.subject).toBe('Reset your Amora password');
    expect(mail.text).toContain('30 minutes');
    const token = tokenOf(linkIn(mail, '/reset-password/do'));

    const row = await t.database.db
      .selectFrom('email_tokens')
      .selectAll()
      .where('member_id', '=', member.id)
      .where('purpose', '=', 'reset')
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(
      30 * 60_000,
    );
    expect(row.token_hash).not.toBe(token);

    const mismatch = await visitor.post('/api/reset-password-do.php', {
      token,
      password: 'new passphrase 1',
      password_confirmation: 'other',
    });
    expect(mismatch.json()).toEqual({
      error: 'validation_failed',
      fields: { password_confirmation: 'passwords_mismatch' },
    });

    const done = await visitor.post('/api/reset-password-do.php', {
      token,
      password: 'new passphrase 1',
      password_confirmation: 'new passphrase 1',
    });
    expect(done.json()).toEqual({ ok: true });
    expect((await oldSession.get('/api/user.php')).json()).toEqual({ user: null });
    const reuse = await visitor.post('/api/reset-password-do.php', {
      token,
      password: 'another one 22',
      password_confirmation: 'another one 22',
    });
    expect(reuse.json()).toEqual({ error: 'link_invalid' });

    const login = await visitor.post('/api/user.php', {
      email: member.email,
      password: 'new passphrase 1',
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { member } = await loggedIn();
    const visitor = new TestClient(t.app);
    await visitor.post('/api/reset-password.php', { email: member.email });
    const token = tokenOf(linkIn(await smtp.waitForMail(member.email), '/reset-password/do'));
    await t.database.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('member_id', '=', member.id)
      .execute();
    const response = await visitor.post('/api/reset-password-do.php', {
      token,
      password: 'new passphrase 1',
      password_confirmation: 'new passphrase 1',
    });
    expect(response.json()).toEqual({ error: 'link_invalid' });
  });

  it('answers email_not_found and limits reset mails per day', async () => {
    const { member } = await loggedIn();
    const visitor = new TestClient(t.app);
    expect(
      (await visitor.post('/api/reset-password.php', { email: 'nobody@example.com' })).json(),
    ).toEqual({ error: 'email_not_found' });
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await visitor.post('/api/reset-password.php', { email: member.email })).json());
    expect(answers.slice(0, 3)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(answers[3]).toEqual({ error: 'reset_limit_reached' });
  });

  it('never puts a reset token in an API answer', async () => {
    const { member } = await loggedIn();
    const response = await new TestClient(t.app).post('/api/reset-password.php', {
      email: member.email,
    });
    const token = tokenOf(linkIn(await smtp.waitForMail(member.email), '/reset-password/do'));
    expect(response.body).not.toContain(token);
  });
});

describe('e-mail change', () => {
  it('confirms the new address by a link mailed to it', async () => {
    const { member, client } = await loggedIn();
    const target = `new-${member.id}@example.com`;
    const wrongPassword = await client.put('/api/email.php', {
      new_email: target,
      password: 'nope nope nope',
    });
    expect(wrongPassword.json()).toEqual({ error: 'password_wrong' });
    expect(
      (await client.put('/api/email.php', { new_email: target, password: PASSWORD })).json(),
    ).toEqual({ ok: true });
    const mail = await smtp.waitForMail(target);
    expect(mail.subject).toBe('Confirm your new e-mail address for Amora');
    const token = tokenOf(linkIn(mail, '/mail-change/do'));
    expect((await client.post('/api/mail-change-do.php', { token })).json()).toEqual({ ok: true });
    expect((await client.get('/api/account.php')).json().account.email).toBe(target);
    expect((await client.post('/api/mail-change-do.php', { token })).json()).toEqual({
      error: 'link_invalid',
    });
  });

  it('refuses an address that has an account and an invalid address (spec §5)', async () => {
    const other = await createMember(t.database.db, t.siteId);
    const { client } = await loggedIn();
    expect(
      (await client.put('/api/email.php', { new_email: other.email, password: PASSWORD })).json(),
    ).toEqual({ error: 'email_taken' });
    expect(
      (await client.put('/api/email.php', { new_email: 'broken@', password: PASSWORD })).json(),
    ).toEqual({
      error: 'validation_failed',
      fields: { new_email: 'new_email_invalid' },
    });
  });
});

describe('password change', () => {
  it('revokes every other session and keeps this browser logged in', async () => {
    const { member, client } = await loggedIn();
    const otherBrowser = new TestClient(t.app);
    await otherBrowser.post('/api/user.php', { email: member.email, password: PASSWORD });
    const response = await client.put('/api/password.php', {
      current_password: PASSWORD,
      password: 'brand new passphrase',
      password_confirmation: 'brand new passphrase',
    });
    expect(response.json()).toEqual({ ok: true });
    expect((await otherBrowser.get('/api/user.php')).json()).toEqual({ user: null });
    expect((await client.get('/api/user.php')).json().user).not.toBeNull();
  });
});
