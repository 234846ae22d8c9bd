import { readdir } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportApi } from '@contract/endpoints/data-export';
import type { MemberRow } from '@server/db/schema';
import { localExportStorage } from '@server/storage/export-storage';
import { localPhotoStorage } from '@server/storage/photo-storage';
import { MEMBER_PASSWORD, createMember, createPhoto } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { type SmtpCapture, linkIn, startSmtpCapture } from '@server/test/smtp-capture';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { purgeExports } from './export-jobs';

// Issue 31 item 8: a member's data export, through the API, the job, real SMTP and the log.
let t: TestApp;
let smtp: SmtpCapture;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'info' }, { logStream });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const { requestExport, downloadExport } = dataExportApi;
const exportFiles = async () =>
  (await readdir(t.config.EXPORT_DIR).catch(() => [] as string[])).sort();

/** Asks for an export as `member` and follows the mailed link: its export id and token. */
async function askAndReadMail(member: MemberRow) {
  const client = await loggedInClient(t.app, member);
  const before = smtp.mails.filter((mail) => mail.to.includes(member.email)).length;
  const asked = await client.post(requestExport.path, { password: MEMBER_PASSWORD });
  expect(asked.statusCode).toBe(200);
  const mail = await smtp.waitForMail(member.email, before + 1);
  const link = new URL(linkIn(mail, '/export/'));
  const id = Number(/^\/export\/(\d+)$/.exec(link.pathname)?.[1]);
  expect(id).toBe(asked.json<{ export: { id: number } }>().export.id);
  return { client, id, token: link.searchParams.get('token') ?? '', link, mail };
}

describe('a data export (issue 31 item 8)', () => {
  it('holds the member’s profile, photos, likes, sent messages and payments, and no other member’s private data', async () => {
    const db = t.database.db;
    const member = await createMember(db, t.siteId, {
      language: 'nl',
      about: 'Ik hou van fietsen',
    });
    const partner = await createMember(db, t.siteId, {
      is_fictional: 1,
      date_of_birth: '1977-03-04',
      name: 'Fictional Fenna',
    });
    const admirer = await createMember(db, t.siteId, { date_of_birth: '1966-06-06' });
    const now = new Date().toISOString();
    const photo = await createPhoto(db, member.id);
    const photoBytes = Buffer.from('photo bytes of the member');
    await localPhotoStorage(t.config.MEDIA_DIR).put(
      `${photo.storage_key}-full.webp`,
      photoBytes,
      'image/webp',
    );
    await db
      .insertInto('likes')
      .values([
        { liker_id: member.id, liked_id: partner.id, source: 'member', created_at: now },
        { liker_id: admirer.id, liked_id: member.id, source: 'member', created_at: now },
      ])
      .execute();
    const conversation = await db
      .insertInto('conversations')
      .values({
        site_id: t.siteId,
        member_low_id: member.id,
        member_high_id: partner.id,
        started_by: member.id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('messages')
      .values([
        ...[
          [member.id, partner.id, 'Hallo Fenna, zin in koffie?'],
          [partner.id, member.id, 'Text the member did not write'],
        ].map(([sender, recipient, text], index) => ({
          conversation_id: conversation.id,
          sender_id: sender as number,
          recipient_id: recipient as number,
          kind: 'text' as const,
          text: text as string,
          gift_id: null,
          photo_storage_key: null,
          photo_state: null,
          client_key: `key-${index}`,
          credits_spent: 0,
          operator_state: null,
          created_at: now,
        })),
      ])
      .execute();
    await db
      .insertInto('credit_transactions')
      .values({
        member_id: member.id,
        amount: 50,
        balance_after: 50,
        reason: 'purchase',
        idempotency_key: `export-test-${member.id}`,
        created_at: now,
      })
      .execute();

    const { client, id, token, mail } = await askAndReadMail(member);
    expect(mail.subject).toContain('staan klaar');
    const answer = await client.post(downloadExport.path, { id, token });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>;

    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'blocks.json',
        'consents.json',
        'credits.json',
        'direct-debit.json',
        'likes.json',
        'messages.json',
        'payments.json',
        'photos.json',
        'profile.json',
        `photos/profile-${photo.id}.webp`,
        'sessions.json',
      ].sort(),
    );
    expect(strFromU8(files['README.txt']!)).toContain(`Gegevensexport voor ${member.name}`);
    expect(json('profile.json')).toMatchObject({
      id: member.id,
      email: member.email,
      date_of_birth: member.date_of_birth,
      about: 'Ik hou van fietsen',
      is_invisible: false,
    });
    expect(json('profile.json')).not.toHaveProperty('password_hash');
    expect(Buffer.from(files[`photos/profile-${photo.id}.webp`]!)).toEqual(photoBytes);
    expect(json('likes.json')).toMatchObject({
      given: [{ member: { id: partner.id, name: 'Fictional Fenna', fictional_profile: true } }],
      received: [{ member: { id: admirer.id, name: admirer.name, fictional_profile: false } }],
    });
    expect(json('messages.json')).toMatchObject([
      {
        text: 'Hallo Fenna, zin in koffie?',
        to: { id: partner.id, name: 'Fictional Fenna', fictional_profile: true },
      },
    ]);
    expect(json('credits.json')).toMatchObject({
      transactions: [{ amount: 50, reason: 'purchase' }],
    });

    const everything = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    for (const other of [partner, admirer]) {
      expect(everything).not.toContain(other.email);
      expect(everything).not.toContain(other.date_of_birth);
    }
    expect(everything).not.toContain('Text the member did not write');
  });

  it('works once: a second download is refused and the file is gone', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const { client, id, token } = await askAndReadMail(member);
    expect((await client.post(downloadExport.path, { id, token })).statusCode).toBe(200);
    const again = await client.post(downloadExport.path, { id, token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'link_invalid' });
    expect(await exportFiles()).not.toContain(`export-${id}.zip`);
  });

  it('needs the member it belongs to, logged in, and the right token', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const { client, id, token } = await askAndReadMail(member);
    const other = await loggedInClient(t.app, await createMember(t.database.db, t.siteId));
    expect((await other.post(downloadExport.path, { id, token })).json()).toMatchObject({
      error: 'link_invalid',
    });
    expect(
      (await client.post(downloadExport.path, { id, token: `${token}x` })).json(),
    ).toMatchObject({
      error: 'link_invalid',
    });
    // Both refusals left the link working for its member.
    expect((await client.post(downloadExport.path, { id, token })).statusCode).toBe(200);
  });

  it('refuses an expired link, and the purge deletes the expired file', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const { client, id, token } = await askAndReadMail(member);
    expect(await exportFiles()).toContain(`export-${id}.zip`);
    const past = new Date(Date.now() - 1000).toISOString();
    await t.database.db
      .updateTable('data_exports')
      .set({ expires_at: past })
      .where('id', '=', id)
      .execute();
    const answer = await client.post(downloadExport.path, { id, token });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ error: 'export_expired' });

    await purgeExports({ db: t.database.db, exports: localExportStorage(t.config.EXPORT_DIR) });
    expect(await exportFiles()).not.toContain(`export-${id}.zip`);
    const row = await t.database.db
      .selectFrom('data_exports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'expired', file_name: null, token_hash: null });
  });

  it('refuses a second export while one is being prepared, and a wrong password', async () => {
    const db = t.database.db;
    const member = await createMember(db, t.siteId);
    const client = await loggedInClient(t.app, member);
    const wrong = await client.post(requestExport.path, { password: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'password_wrong' });
    // An export whose job is still running (none is enqueued here, so it stays so).
    await db
      .insertInto('data_exports')
      .values({
        member_id: member.id,
        status: 'preparing',
        origin: 'http://localhost',
        requested_at: new Date().toISOString(),
      })
      .execute();
    const second = await client.post(requestExport.path, { password: MEMBER_PASSWORD });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'export_in_progress' });
    const rows = await db
      .selectFrom('data_exports')
      .select('status')
      .where('member_id', '=', member.id)
      .execute();
    expect(rows).toEqual([{ status: 'preparing' }]);
    const latest = await client.get(dataExportApi.latestExport.path);
    expect(latest.json()).toMatchObject({ export: { status: 'preparing', expires_at: null } });
  });

  it('writes no token of the link to the log, whichever way it is opened', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const { client, id, token, link } = await askAndReadMail(member);
    await client.get(link.pathname + link.search);
    await client.post(downloadExport.path, { id, token });
    const log = logLines.join('\n');
    expect(log).toContain(`/export/${id}?token=[redacted]`);
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
  });
});
