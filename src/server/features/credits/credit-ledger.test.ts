import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookCredits } from './credit-ledger';
import { createMember } from '@server/test/factories';
import { type TestDatabase, createTestDatabase } from '@server/test/test-database';

// The ledger is the money of the product (DESIGN.md §3): these tests run on SQLite by
// default and on PostgreSQL when DATABASE_URL is set, where parallel calls really overlap
// (a pool of connections, READ COMMITTED), so the races below are real there.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

let keys = 0;
const key = (label: string) => `test:${label}:${++keys}`;

const newMember = () => createMember(t.database.db, t.siteId);

async function balanceOf(memberId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('members')
    .select('credits')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.credits;
}

const ledgerOf = (memberId: number) =>
  t.database.db
    .selectFrom('credit_transactions')
    .select(['amount', 'balance_after', 'reason', 'idempotency_key'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();

/** The invariant of the ledger: the running balance is the sum of its rows. */
async function expectBalanceMatchesLedger(memberId: number) {
  const rows = await ledgerOf(memberId);
  const sum = rows.reduce((total, row) => total + row.amount, 0);
  expect(await balanceOf(memberId)).toBe(sum);
  expect(sum).toBeGreaterThanOrEqual(0);
}

describe('bookCredits', () => {
  it('grants and spends move the balance and append a ledger row with balance_after', async () => {
    const member = await newMember();
    const grantKey = key('grant');
    const spendKey = key('spend');

    expect(
      await bookCredits(t.database.db, {
        memberId: member.id,
        amount: 10,
        reason: 'signup',
        idempotencyKey: grantKey,
      }),
    ).toBe(10);
    expect(
      await bookCredits(t.database.db, {
        memberId: member.id,
        amount: -3,
        reason: 'message',
        idempotencyKey: spendKey,
      }),
    ).toBe(7);

    expect(await balanceOf(member.id)).toBe(7);
    expect(await ledgerOf(member.id)).toEqual([
      { amount: 10, balance_after: 10, reason: 'signup', idempotency_key: grantKey },
      { amount: -3, balance_after: 7, reason: 'message', idempotency_key: spendKey },
    ]);
  });

  it('may spend the whole balance down to zero', async () => {
    const member = await newMember();
    await bookCredits(t.database.db, {
      memberId: member.id,
      amount: 5,
      reason: 'grant',
      idempotencyKey: key('grant'),
    });
    expect(
      await bookCredits(t.database.db, {
        memberId: member.id,
        amount: -5,
        reason: 'gift',
        idempotencyKey: key('spend'),
      }),
    ).toBe(0);
    await expectBalanceMatchesLedger(member.id);
  });

  it('refuses a spend beyond the balance with insufficient_credits and writes nothing', async () => {
    const member = await newMember();
    await bookCredits(t.database.db, {
      memberId: member.id,
      amount: 4,
      reason: 'grant',
      idempotencyKey: key('grant'),
    });
    const spendKey = key('spend');

    await expect(
      bookCredits(t.database.db, {
        memberId: member.id,
        amount: -5,
        reason: 'photo',
        idempotencyKey: spendKey,
      }),
    ).rejects.toMatchObject({ code: 'insufficient_credits', kind: 'payment_required' });

    expect(await balanceOf(member.id)).toBe(4);
    expect(await ledgerOf(member.id)).toHaveLength(1);
    // The refused key was not used up: once there is enough, the same spend goes through.
    await bookCredits(t.database.db, {
      memberId: member.id,
      amount: 1,
      reason: 'grant',
      idempotencyKey: key('grant'),
    });
    expect(
      await bookCredits(t.database.db, {
        memberId: member.id,
        amount: -5,
        reason: 'photo',
        idempotencyKey: spendKey,
      }),
    ).toBe(0);
  });

  it('refuses a spend for a member with no credits at all', async () => {
    const member = await newMember();
    await expect(
      bookCredits(t.database.db, {
        memberId: member.id,
        amount: -1,
        reason: 'message',
        idempotencyKey: key('spend'),
      }),
    ).rejects.toMatchObject({ code: 'insufficient_credits' });
    expect(await balanceOf(member.id)).toBe(0);
    expect(await ledgerOf(member.id)).toEqual([]);
  });

  it('books the same idempotency key once and returns the booked balance on a retry', async () => {
    const member = await newMember();
    const grant = { memberId: member.id, amount: 10, reason: 'grant', idempotencyKey: key('g') };
    expect(await bookCredits(t.database.db, grant)).toBe(10);
    expect(await bookCredits(t.database.db, grant)).toBe(10);

    const spend = { memberId: member.id, amount: -4, reason: 'gift', idempotencyKey: key('s') };
    expect(await bookCredits(t.database.db, spend)).toBe(6);
    // Another movement in between: a retry still answers what the first booking left.
    await bookCredits(t.database.db, { ...grant, idempotencyKey: key('g') });
    expect(await bookCredits(t.database.db, spend)).toBe(6);

    expect(await balanceOf(member.id)).toBe(16);
    expect(await ledgerOf(member.id)).toHaveLength(3);
  });

  it('joins the caller’s transaction: a rollback there undoes the booking', async () => {
    const member = await newMember();
    const rollback = new Error('caller rolls back');
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await bookCredits(trx, {
          memberId: member.id,
          amount: 10,
          reason: 'signup',
          idempotencyKey: key('signup'),
        });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await balanceOf(member.id)).toBe(0);
    expect(await ledgerOf(member.id)).toEqual([]);
  });

  it('books the same key exactly once when many calls with it run in parallel', async () => {
    const member = await newMember();
    const grant = { memberId: member.id, amount: 7, reason: 'grant', idempotencyKey: key('g') };
    // Every call succeeds (none fails on the unique index) and reports the one booking.
    const results = await Promise.all(
      Array.from({ length: 12 }, () => bookCredits(t.database.db, grant)),
    );
    expect(results).toEqual(Array.from({ length: 12 }, () => 7));

    const spend = { memberId: member.id, amount: -2, reason: 'gift', idempotencyKey: key('s') };
    const spends = await Promise.all(
      Array.from({ length: 12 }, () => bookCredits(t.database.db, spend)),
    );
    expect(spends).toEqual(Array.from({ length: 12 }, () => 5));

    expect(await balanceOf(member.id)).toBe(5);
    expect(await ledgerOf(member.id)).toHaveLength(2);
  });

  it('never drives the balance negative under many parallel spends with different keys', async () => {
    const member = await newMember();
    await bookCredits(t.database.db, {
      memberId: member.id,
      amount: 10,
      reason: 'grant',
      idempotencyKey: key('grant'),
    });

    // 25 spends of 3 against 10 credits: exactly 3 can pass, the rest must be refused.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, () =>
        bookCredits(t.database.db, {
          memberId: member.id,
          amount: -3,
          reason: 'message',
          idempotencyKey: key('spend'),
        }),
      ),
    );
    const booked = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(booked).toHaveLength(3);
    for (const outcome of refused)
      expect(outcome.reason).toMatchObject({ code: 'insufficient_credits' });

    expect(await balanceOf(member.id)).toBe(1);
    const rows = await ledgerOf(member.id);
    expect(rows).toHaveLength(4);
    // Each row's balance_after is the running sum up to it: no two spends saw the same balance.
    let running = 0;
    for (const row of rows) {
      running += row.amount;
      expect(row.balance_after).toBe(running);
    }
    await expectBalanceMatchesLedger(member.id);
  });

  it('keeps balance and ledger equal under parallel grants and spends mixed', async () => {
    const member = await newMember();
    await bookCredits(t.database.db, {
      memberId: member.id,
      amount: 5,
      reason: 'grant',
      idempotencyKey: key('grant'),
    });
    await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        bookCredits(t.database.db, {
          memberId: member.id,
          amount: index % 3 === 0 ? 2 : -1,
          reason: index % 3 === 0 ? 'grant' : 'message',
          idempotencyKey: key('mixed'),
        }),
      ),
    );
    await expectBalanceMatchesLedger(member.id);
  });
});
