import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import type { JobQueue } from '@server/jobs';
import { localExportStorage } from '@server/storage/export-storage';
import { type PhotoStorage, localPhotoStorage } from '@server/storage/photo-storage';
import { createMember, createPhoto } from '@server/test/factories';
import { type TestDatabase, createTestDatabase } from '@server/test/test-database';
import { buildExport, exportFileName } from './export-jobs';

// Issue 31 item 8 ("bad input and faults"): a build that crashes mid-way leaves no file and
// no ready export behind, and its retry (the job runs again) finishes the export.
let t: TestDatabase;
let dir: string;

beforeEach(async () => {
  t = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'export-crash-'));
});
afterEach(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('building an export', () => {
  it('that crashes mid-way leaves no half file, and the retry succeeds once', async () => {
    const db = t.database.db;
    const member = await createMember(db, t.siteId);
    const photo = await createPhoto(db, member.id);
    const photos = localPhotoStorage(join(dir, 'media'));
    await photos.put(`${photo.storage_key}-full.webp`, Buffer.from('the photo'), 'image/webp');
    const row = await db
      .insertInto('data_exports')
      .values({
        member_id: member.id,
        status: 'preparing',
        origin: 'https://example.test',
        requested_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // The photo read fails once, half-way through the ZIP: the process "crashes" there.
    let failures = 1;
    const flakyPhotos: PhotoStorage = {
      ...photos,
      get: async (name) => {
        if (failures-- > 0) throw new Error('disk gone');
        return photos.get(name);
      },
    };
    const enqueued: Array<{ name: string; data: unknown }> = [];
    const jobs = {
      enqueue: async (_trx: unknown, name: string, data: unknown) => {
        enqueued.push({ name, data });
      },
      wake: () => undefined,
    } as unknown as JobQueue;
    const exportDir = join(dir, 'exports');
    const services = {
      db,
      storage: flakyPhotos,
      exports: localExportStorage(exportDir),
      jobs,
      mailer: { send: async () => undefined, close: () => undefined },
      config: loadConfig({ ...process.env, NODE_ENV: 'test' }),
    };

    await expect(buildExport(services, { exportId: row.id })).rejects.toThrow('disk gone');
    expect(await readdir(exportDir).catch(() => [])).toEqual([]);
    const crashed = await db
      .selectFrom('data_exports')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(crashed).toMatchObject({ status: 'preparing', file_name: null });
    expect(enqueued).toEqual([]);

    // The job runs again, and then once more (at least once): one file, one mail job.
    await buildExport(services, { exportId: row.id });
    await buildExport(services, { exportId: row.id });
    expect(await readdir(exportDir)).toEqual([exportFileName(row.id)]);
    const ready = await db
      .selectFrom('data_exports')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(ready).toMatchObject({ status: 'ready', file_name: exportFileName(row.id) });
    expect(enqueued).toEqual([{ name: 'data-export.mail', data: { exportId: row.id } }]);
    const zip = unzipSync(
      new Uint8Array((await localExportStorage(exportDir).get(exportFileName(row.id)))!),
    );
    expect(strFromU8(zip[`photos/profile-${photo.id}.webp`]!)).toBe('the photo');
  });
});
