import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { preparedQuery } from './prepared-query';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('preparedQuery', () => {
  it('runs one compiled query with new values each time, constants kept', async () => {
    const first = await createMember(t.database.db, t.siteId, { name: 'First', country: 'NL' });
    const second = await createMember(t.database.db, t.siteId, { name: 'Second', country: 'DE' });
    const named = preparedQuery((db, id: number, country: string) =>
      db
        .selectFrom('members')
        .select(['id', 'name'])
        .where('id', '=', id)
        .where('country', '=', country)
        .where('status', '=', 'active'),
    );
    expect(await named(t.database.db, first.id, 'NL')).toEqual([{ id: first.id, name: 'First' }]);
    expect(await named(t.database.db, second.id, 'DE')).toEqual([
      { id: second.id, name: 'Second' },
    ]);
    expect(await named(t.database.db, second.id, 'NL')).toEqual([]);
  });

  it('takes an argument used twice and runs inside a transaction', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const either = preparedQuery((db, id: number) =>
      db
        .selectFrom('members')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', id), eb('id', '=', id)])),
    );
    await t.database.db.transaction().execute(async (trx) => {
      expect(await either(trx, member.id)).toEqual([{ id: member.id }]);
    });
  });

  it('refuses an argument that is computed on instead of passed as a value', async () => {
    const computed = preparedQuery((db, id: number) =>
      db
        .selectFrom('members')
        .select('id')
        .where('id', '=', Number(String(id))),
    );
    await expect(computed(t.database.db, 1)).rejects.toThrow(/argument 1/);
  });

  it('compiles once for a database and its transactions', async () => {
    const member = await createMember(t.database.db, t.siteId);
    let builds = 0;
    const counted = preparedQuery((db, id: number) => {
      builds += 1;
      return db.selectFrom('members').select('id').where('id', '=', id);
    });
    await counted(t.database.db, member.id);
    for (let round = 0; round < 3; round += 1) {
      await t.database.db.transaction().execute(async (trx) => {
        expect(await counted(trx, member.id)).toEqual([{ id: member.id }]);
      });
    }
    expect(builds).toBe(1);
  });
});
