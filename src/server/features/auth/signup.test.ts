import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_COOKIE } from '@contract/settings';
import { type SmtpCapture, linkIn, startSmtpCapture } from '@server/test/smtp-capture';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
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

let counter = 0;
const newEmail = () => `signup${++counter}-${Date.now()}@example.com`;
const form = (overrides: Record<string, unknown> = {}) => ({
  email: newEmail(),
  name: 'Sanne',
  password: 'a long passphrase here',
  date_of_birth: '1994-02-03',
  ...overrides,
});

const updateSettings = (patch: Record<string, unknown>) => updateSiteSettings(t, patch);

describe('POST /api/signup.php', () => {
  it('creates a not_confirmed member with signup credits, tracking values and a session', async () => {
    const client = new TestClient(t.app);
    const data = form({ network: 'adnet', ref: 'r1', sub1: 'a', sub2: 'b', sub3: 'c' });
    const response = await client.post('/api/signup.php', data);
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({
      status: 'not_confirmed',
      credits: 10,
      paid_user: false,
      profile: { name: 'Sanne', status: 'disabled' },
    });
    const row = await t.database.db
      .selectFrom('members')
      .selectAll()
      .where('email', '=', data.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      network: 'adnet',
      ref: 'r1',
      sub1: 'a',
      sub2: 'b',
      sub3: 'c',
      credits: 10,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const ledger = await t.database.db
      .selectFrom('credit_transactions')
      .selectAll()
      .where('member_id', '=', row.id)
      .execute();
    expect(ledger).toMatchObject([{ amount: 10, balance_after: 10, reason: 'signup' }]);
    expect((await client.get('/api/user.php')).json().user.status).toBe('not_confirmed');
  });

  it('sends a branded activation mail whose single-use link activates the account', async () => {
    const client = new TestClient(t.app);
    const data = form();
    await client.post('/api/signup.php', data);
    const mail = await smtp.waitForMail(data.email);
    expect(mail.subject).toBe('Confirm your e-mail address for Amora');
    expect(mail.from).toContain('amora');
    expect(mail.html).toContain('Confirm my e-mail address');
    expect(mail.text).toContain('Hi Sanne,');
    const link = new URL(linkIn(mail, '/api/activate.php'));
    const first = await client.get(link.pathname + link.search);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/activate/done');
    expect((await client.get('/api/user.php')).json().user).toMatchObject({
      status: 'active',
      profile: { status: 'enabled' },
    });
    const again = await client.get(link.pathname + link.search);
    expect(again.headers.location).toBe('/activate/error');
    expect((await client.get('/api/activate.php?token=forged-token-value')).headers.location).toBe(
      '/activate/error',
    );
  });

  it('writes the mail in the language of the visitor', async () => {
    const client = new TestClient(t.app);
    client.cookies.set('locale', 'nl');
    const data = form();
    await client.post('/api/signup.php', data);
    const mail = await smtp.waitForMail(data.email);
    expect(mail.html).toContain('lang="nl"');
  });

  it('applies the spec §5 rules with field codes', async () => {
    const client = new TestClient(t.app);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '@sanne' }, 'name', 'name_starts_with_at'],
      [{ email: 'same@example.com', name: 'same@example.com' }, 'name', 'name_is_email'],
      [{ email: 'not-an-email' }, 'email', 'email_invalid'],
      [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'date_of_birth_invalid'],
      [{ date_of_birth: '1990-02-31' }, 'date_of_birth', 'date_of_birth_invalid'],
      [{ password: 'short' }, 'password', 'password_too_short'],
      [{ password: 'password123' }, 'password', 'password_too_common'],
    ];
    for (const [overrides, field, code] of cases) {
      const response = await client.post('/api/signup.php', form(overrides));
      expect(response.statusCode, code).toBe(400);
      expect(response.json(), code).toEqual({
        error: 'validation_failed',
        fields: { [field]: code },
      });
    }
  });

  it('refuses an existing account, case-insensitively, and creates nothing', async () => {
    const client = new TestClient(t.app);
    const data = form();
    await client.post('/api/signup.php', data);
    const again = await new TestClient(t.app).post('/api/signup.php', {
      ...data,
      email: data.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'email_taken' });
    const rows = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('email', '=', data.email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('honours the signups setting: traffic source only, invite only', async () => {
    await updateSettings({ signups: 'with_trafficsource' });
    const client = new TestClient(t.app);
    expect((await client.post('/api/signup.php', form())).json()).toEqual({
      error: 'signups_closed',
    });
    expect((await client.post('/api/signup.php', form({ network: 'partner' }))).statusCode).toBe(
      200,
    );

    await updateSettings({ signups: 'invite_only' });
    await t.database.db
      .insertInto('invites')
      .values({
        site_id: t.siteId,
        code: 'WELCOME-1',
        max_uses: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const visitor = new TestClient(t.app);
    expect((await visitor.post('/api/signup.php', form())).json()).toEqual({
      error: 'invite_invalid',
    });
    expect((await visitor.post('/api/signup.php', form({ invite: 'WELCOME-1' }))).statusCode).toBe(
      200,
    );
    expect(
      (await new TestClient(t.app).post('/api/signup.php', form({ invite: 'WELCOME-1' }))).json(),
    ).toEqual({
      error: 'invite_invalid',
    });
    await updateSettings({ signups: 'all' });
  });

  it("lets only one of several simultaneous signups take an invite's last use (issue 7 §1.9)", async () => {
    await updateSettings({ signups: 'invite_only' });
    await t.database.db
      .insertInto('invites')
      .values({
        site_id: t.siteId,
        code: 'LAST-ONE',
        max_uses: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        new TestClient(t.app).post('/api/signup.php', form({ invite: 'LAST-ONE' })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403, 403]);
    const invite = await t.database.db
      .selectFrom('invites')
      .select('uses')
      .where('code', '=', 'LAST-ONE')
      .executeTakeFirstOrThrow();
    expect(invite.uses).toBe(1);
    const members = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('invite_code', '=', 'LAST-ONE')
      .execute();
    expect(members).toHaveLength(1);
    await updateSettings({ signups: 'all' });
  });

  it('completes the signup with gender, seeking, country and region', async () => {
    const client = new TestClient(t.app);
    await client.post('/api/signup.php', form());
    const bad = await client.post('/api/complete-signup.php', {
      gender: 'female',
      seeking: 'male',
      country: 'NL',
      region: 'XX',
    });
    expect(bad.json()).toEqual({ error: 'validation_failed', fields: { region: 'invalid_value' } });
    const good = await client.post('/api/complete-signup.php', {
      gender: 'female',
      seeking: 'male',
      country: 'DE',
      region: 'BE',
    });
    expect(good.json().user.profile.country).toBe('DE');
  });

  // issue 25 item 4: the member's country is the one settings.php names for the visitor, so
  // the complete-signup form starts from the country chosen on /lang-config.
  it('gives the new member the country chosen on /lang-config, over the geoip country', async () => {
    const withHeader = await createTestApp({ GEOIP_COUNTRY_HEADER: 'cf-ipcountry' });
    try {
      const countryAfterSignup = async (chosen: string | null, geoip: string | null) => {
        const client = new TestClient(withHeader.app);
        if (chosen) client.cookies.set(COUNTRY_COOKIE, chosen);
        const headers: Record<string, string> = geoip ? { 'cf-ipcountry': geoip } : {};
        const response = await client.request('POST', '/api/signup.php', form(), headers);
        return response.json().user.profile.country;
      };
      expect(await countryAfterSignup('BE', 'DE')).toBe('BE');
      expect(await countryAfterSignup('BE', null)).toBe('BE');
      // A country the site does not serve is no choice: the geoip one, else the site's first.
      expect(await countryAfterSignup('JP', 'DE')).toBe('DE');
      expect(await countryAfterSignup(null, 'DE')).toBe('DE');
      expect(await countryAfterSignup(null, 'JP')).toBe('NL');
      expect(await countryAfterSignup(null, null)).toBe('NL');
    } finally {
      await withHeader.close();
    }
  });
});

describe('abuse limits', () => {
  it('rate-limits signups per IP address', async () => {
    const client = new TestClient(t.app);
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await client.post('/api/signup.php', form())).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('takes the per-address limit from SIGNUPS_PER_IP_PER_HOUR', async () => {
    const strict = await createTestApp({ SIGNUPS_PER_IP_PER_HOUR: '2' });
    try {
      const client = new TestClient(strict.app);
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await client.post('/api/signup.php', form())).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await strict.close();
    }
  });
});
