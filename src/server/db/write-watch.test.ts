import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '@server/test/test-database';
import { createMember, createPhoto } from '@server/test/factories';
import type { WatchedWrite } from './write-watch';

// docs/performance.md "Kept reads": every write to a member's row, photos or sessions is
// seen with whose rows it touches, or as touching everyone when the statement does not say.
describe('the write watch', () => {
  let t: TestDatabase;
  let seen: WatchedWrite[] = [];
  const watched = async (run: () => Promise<unknown>) => {
    seen = [];
    await run();
    return seen;
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    t.database.writes.onWrite((write) => seen.push(write));
  });
  afterAll(() => t.close());

  it('pins an update of a member row to its id, inside a transaction too', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const { db } = t.database;
    expect(
      await watched(() =>
        db.updateTable('members').set({ credits: 3 }).where('id', '=', member.id).execute(),
      ),
    ).toEqual([{ table: 'members', memberIds: [member.id], balanceOnly: true }]);
    expect(
      await watched(() =>
        db.transaction().execute((trx) =>
          trx
            .updateTable('members')
            .set({ credits: 2 })
            .where('site_id', '=', t.siteId)
            .where('id', '=', member.id)
            .where(sql<boolean>`credits >= 0`)
            .execute(),
        ),
      ),
    ).toEqual([{ table: 'members', memberIds: [member.id], balanceOnly: true }]);
    // The balance with anything else is more than a balance move.
    expect(
      await watched(() =>
        db
          .updateTable('members')
          .set({ credits: 3, paid_user: 1 })
          .where('id', '=', member.id)
          .execute(),
      ),
    ).toEqual([{ table: 'members', memberIds: [member.id] }]);
  });

  it('pins sessions to a token hash or a member, photos to their member, new photos too', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const { db } = t.database;
    expect(
      await watched(() => db.deleteFrom('sessions').where('token_hash', '=', 'abc').execute()),
    ).toEqual([{ table: 'sessions', tokenHashes: ['abc'] }]);
    expect(
      await watched(() =>
        db.deleteFrom('sessions').where('member_id', 'in', [member.id, 7]).execute(),
      ),
    ).toEqual([{ table: 'sessions', memberIds: [member.id, 7] }]);
    const inserted = await watched(() => createPhoto(db, member.id));
    expect(inserted).toEqual([{ table: 'photos', memberIds: [member.id], listed: true }]);
  });

  it('pins blocks and likes to both members, interests to theirs', async () => {
    const [first, second] = [
      await createMember(t.database.db, t.siteId),
      await createMember(t.database.db, t.siteId),
    ];
    const { db } = t.database;
    const now = new Date().toISOString();
    expect(
      await watched(() =>
        db
          .insertInto('blocks')
          .values({ blocker_id: first.id, blocked_id: second.id, created_at: now })
          .execute(),
      ),
    ).toEqual([{ table: 'blocks', memberIds: [first.id, second.id] }]);
    expect(
      await watched(() =>
        db
          .deleteFrom('likes')
          .where('liker_id', '=', second.id)
          .where('liked_id', '=', first.id)
          .execute(),
      ),
      // Both members the statement names: kept reads of either are dropped.
    ).toEqual([{ table: 'likes', memberIds: [second.id, first.id] }]);
    expect(
      await watched(() =>
        db.deleteFrom('member_interests').where('member_id', '=', first.id).execute(),
      ),
    ).toEqual([{ table: 'member_interests', memberIds: [first.id] }]);
  });

  it('counts a write it cannot pin as touching everyone', async () => {
    const { db } = t.database;
    expect(
      await watched(() =>
        db
          .updateTable('members')
          .set({ credits: 0 })
          .where((where) => where.or([where('id', '=', 1), where('id', '=', 2)]))
          .execute(),
      ),
    ).toEqual([{ table: 'members', everyone: true, balanceOnly: true }]);
    expect(
      await watched(() =>
        db.updateTable('photos').set({ position: 0 }).where('id', '=', 1).execute(),
      ),
    ).toEqual([{ table: 'photos', everyone: true, listed: true }]);
  });

  it('marks writes that may change who appears in lists of members (kept lists)', async () => {
    const { db } = t.database;
    const member = await createMember(db, t.siteId);
    // A new member is in no kept read, but may belong in a kept list.
    expect(await watched(() => createMember(db, t.siteId))).toEqual([
      { table: 'members', memberIds: [], listed: true },
    ]);
    expect(
      await watched(() =>
        db.updateTable('members').set({ is_invisible: 0 }).where('id', '=', member.id).execute(),
      ),
    ).toEqual([{ table: 'members', memberIds: [member.id], listed: true }]);
    // Credits are on no card and in no filter.
    expect(
      await watched(() =>
        db.updateTable('members').set({ credits: 5 }).where('id', '=', member.id).execute(),
      ),
    ).toEqual([{ table: 'members', memberIds: [member.id], balanceOnly: true }]);
    expect(
      await watched(() => db.deleteFrom('photos').where('member_id', '=', member.id).execute()),
    ).toEqual([{ table: 'photos', memberIds: [member.id], listed: true }]);
  });

  it('sees writes inside a WITH (a data-modifying CTE), together with the statement’s own', async () => {
    const { db } = t.database;
    // Compiled only: SQLite runs no data-modifying CTE, PostgreSQL's ledger does.
    const spend = (memberId: number) =>
      db
        .with('moved', (cte) =>
          cte
            .updateTable('members')
            .set({ credits: sql<number>`credits - 1` })
            .where('id', '=', memberId)
            .returning('credits'),
        )
        .insertInto('likes')
        .values({ liker_id: 7, liked_id: 8, source: 'member', created_at: 'now' });
    expect(await watched(async () => spend(3).compile())).toEqual([
      { table: 'members', memberIds: [3, 7, 8] },
    ]);
    expect(
      await watched(async () =>
        db
          .with('moved', (cte) =>
            cte.updateTable('members').set({ name: 'x' }).where('site_id', '=', 1).returning('id'),
          )
          .selectFrom('moved')
          .selectAll()
          .compile(),
      ),
    ).toEqual([{ table: 'members', everyone: true, listed: true }]);
  });

  it('ignores reads, new sessions, and other tables', async () => {
    const { db } = t.database;
    const member = await createMember(db, t.siteId);
    expect(
      await watched(async () => {
        await db.selectFrom('members').selectAll().where('id', '=', member.id).execute();
        await db
          .insertInto('sessions')
          .values({
            token_hash: 'new',
            member_id: member.id,
            created_at: new Date().toISOString(),
            expires_at: new Date(Date.now() + 60_000).toISOString(),
          })
          .execute();
        await db
          .updateTable('sites')
          .set({ settings_json: sql<string>`settings_json` })
          .where('id', '=', t.siteId)
          .execute();
      }),
    ).toEqual([]);
  });
});
