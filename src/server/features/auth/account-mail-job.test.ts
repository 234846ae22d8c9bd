import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { type JobQueue, createJobQueue } from '@server/jobs';
import { smtpMailer } from '@server/mail/mailer';
import { createMember } from '@server/test/factories';
import { type SmtpCapture, linkIn, startSmtpCapture } from '@server/test/smtp-capture';
import { type TestDatabase, createTestDatabase } from '@server/test/test-database';
import { sendAccountMail } from './auth-mails';
import { consumeEmailToken } from './email-tokens';

let t: TestDatabase;
let smtp: SmtpCapture;
const queues: JobQueue[] = [];

/** The queue one app process would build over this test's database. */
function processQueue() {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    SQLITE_PATH: ':memory:',
    DATABASE_SCHEMA: t.schema,
    SMTP_URL: smtp.url,
  });
  const queue = createJobQueue(config, t.database);
  queues.push(queue);
  return { config, queue };
}

beforeEach(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpCapture();
});

afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
  await t.close();
  await smtp.close();
});

describe('an account mail (issue 31 item 1)', () => {
  it('committed with its change survives a crash before it was sent: the next process sends it', async () => {
    const member = await createMember(t.database.db, t.siteId, { status: 'not_confirmed' });
    const crashed = processQueue();
    await t.database.db.transaction().execute(async (trx) => {
      await crashed.queue.enqueue(trx, 'mail.account', {
        memberId: member.id,
        kind: 'activation',
        origin: 'https://example.test',
      });
    });
    // The process dies here: nothing was sent.
    await crashed.queue.stop();
    expect(smtp.mails).toHaveLength(0);

    const next = processQueue();
    const mailer = smtpMailer(smtp.url);
    next.queue.work('mail.account', (job) =>
      sendAccountMail({ db: t.database.db, mailer, config: next.config }, job),
    );
    await next.queue.start({ log: { error: () => undefined }, schedules: false });
    const mail = await smtp.waitForMail(member.email);
    mailer.close();

    // Its link works once: the token was made when the mail was sent, never stored raw.
    const link = new URL(linkIn(mail, '/api/activate.php'));
    expect(link.origin).toBe('https://example.test');
    const token = link.searchParams.get('token') ?? '';
    expect(await consumeEmailToken(t.database.db, token, 'activation')).toMatchObject({
      member_id: member.id,
    });
  });
});
