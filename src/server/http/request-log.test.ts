import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type SmtpCapture, linkIn, startSmtpCapture } from '@server/test/smtp-capture';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';
import { redactUrl } from './request-log';

let t: TestApp;
let smtp: SmtpCapture;
const lines: string[] = [];
beforeAll(async () => {
  smtp = await startSmtpCapture();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'info' }, { logStream });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

describe('the access log', () => {
  it('writes no reset or activation token, whichever way the link is opened', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const visitor = new TestClient(t.app);
    await visitor.post('/api/reset-password.php', { email: member.email });
    const link = linkIn(await smtp.waitForMail(member.email), '/reset-password/do');
    const token = tokenOf(link);
    await visitor.get(pathOf(link));
    await visitor.get(`/reset-password/do?lang=nl&token=${token}#top`);
    await visitor.post('/api/reset-password-do.php', {
      token,
      password: 'new passphrase 1',
      password_confirmation: 'new passphrase 1',
    });
    await visitor.get(`/api/activate.php?token=${token}`);

    const log = lines.join('\n');
    expect(log).toContain('/reset-password/do?token=[redacted]');
    expect(log).toContain('/api/activate.php?token=[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
  });

  it('writes one line per request with its status and duration, and no cookie', async () => {
    const before = lines.length;
    await new TestClient(t.app).get('/api/settings.php');
    const written = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ method: 'GET', url: '/api/settings.php', status: 200 });
    expect(typeof written[0]!.ms).toBe('number');
    expect(lines.join('\n')).not.toMatch(/csrf=|sid=|cookie/i);
  });
});

describe('redactUrl', () => {
  it('replaces secret query parameters and keeps the rest', () => {
    expect(redactUrl('/a?token=abc&lang=nl')).toBe('/a?token=[redacted]&lang=nl');
    expect(redactUrl('/a?lang=nl&reset_token=abc')).toBe('/a?lang=nl&reset_token=[redacted]');
    expect(redactUrl('/a?Token=abc#x')).toBe('/a?Token=[redacted]#x');
    expect(redactUrl('/a?code=1&key=2&password=3')).toBe(
      '/a?code=[redacted]&key=[redacted]&password=[redacted]',
    );
    expect(redactUrl('/api/member.php?id=12')).toBe('/api/member.php?id=12');
    expect(redactUrl('/tokens/page')).toBe('/tokens/page');
  });
});
