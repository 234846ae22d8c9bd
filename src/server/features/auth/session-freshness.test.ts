import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/database';
import { updateMember } from '@server/db/members-table';
import { bookCredits } from '@server/features/credits';
import { createMember } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 24 item 1, the review's probes (architecture-2026-11-26 §3.2, appendix): what a
// member's calls see counts from the commit of a write, whoever made it. Nothing of a member
// or a session is kept between calls, so no transaction length, no other process and no lost
// pub/sub notice can make an instance answer from an old row (docs/decisions.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function loggedIn(credits = 10) {
  const row = await createMember(t.database.db, t.siteId, { credits });
  return { row, client: await loggedInClient(t.app, row) };
}

interface User {
  credits: number;
  paid_user: boolean;
}
async function userOf(client: TestClient): Promise<User | null> {
  const response = await client.get('/api/user.php');
  expect(response.statusCode).toBe(200);
  return response.json<{ user: User | null }>().user;
}

// SQLite has one connection: a reader waits for the writer's commit, so only PostgreSQL can
// read while the transaction is open.
describe.runIf(process.env.DATABASE_URL)('a long transaction', () => {
  it('is seen by the next user.php once it commits, however long it took', async () => {
    const { row, client } = await loggedIn(10);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writer = t.database.db.transaction().execute(async (trx) => {
      await bookCredits(trx, {
        memberId: row.id,
        amount: -7,
        reason: 'test',
        idempotencyKey: `slow-spend:${row.id}`,
      });
      await held; // a lock wait, a slow disk, a long batch
    });
    await sleep(6_000);
    expect((await userOf(client))?.credits).toBe(10);
    release();
    await writer;
    expect((await userOf(client))?.credits).toBe(3);
  });
});

// An in-memory SQLite database cannot be opened twice.
describe.runIf(process.env.DATABASE_URL)('a write through a second process', () => {
  it('is seen on the next call', async () => {
    const { row, client } = await loggedIn();
    expect((await userOf(client))?.paid_user).toBe(false);
    const other = openDatabase({
      databaseUrl: t.config.DATABASE_URL,
      schema: t.config.DATABASE_SCHEMA,
      sqlitePath: ':memory:',
    });
    try {
      await updateMember(other.db, row.id, { paid_user: 1 });
    } finally {
      await other.db.destroy();
    }
    expect((await userOf(client))?.paid_user).toBe(true);
  });
});

describe('a logout on one instance', () => {
  it('is refused at once on another, whatever the pub/sub does', async () => {
    // Instance B: its own app, its own pub/sub, over the same database (whose handle the
    // test's own app closes: B's close leaves it open).
    const db = new Proxy(t.database.db, {
      get(target, property) {
        if (property === 'destroy') return async () => {};
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const other = await buildApp({ config: t.config, database: { ...t.database, db } });
    await other.ready();
    try {
      const { client: onA } = await loggedIn();
      const onB = new TestClient(other);
      for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
      expect(await userOf(onB)).not.toBeNull();
      expect((await onA.get('/api/logout.php')).statusCode).toBe(200);
      expect(await userOf(onB)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
