import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type TestDatabase, createTestDatabase } from '@server/test/test-database';
import { insertPreparingExport } from './data-exports-table';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.close());

describe('the data_exports table (issue 31 item 8)', () => {
  it('keeps one export being prepared per member, even when two asks race', async () => {
    const db = t.database.db;
    const member = await createMember(db, t.siteId);
    const ask = () =>
      db
        .transaction()
        .execute((trx) =>
          insertPreparingExport(trx, member.id, 'https://example.test', new Date()),
        );
    // On PostgreSQL both may find none and insert: the partial unique index refuses one.
    const results = await Promise.allSettled([ask(), ask(), ask()]);
    const made = results.filter((result) => result.status === 'fulfilled' && result.value);
    expect(made).toHaveLength(1);
    const rows = await db
      .selectFrom('data_exports')
      .select('status')
      .where('member_id', '=', member.id)
      .execute();
    expect(rows).toEqual([{ status: 'preparing' }]);
    // Once it is no longer preparing, the member may ask again.
    await db.updateTable('data_exports').set({ status: 'ready' }).execute();
    expect(await ask()).toMatchObject({ status: 'preparing' });
  });
});
