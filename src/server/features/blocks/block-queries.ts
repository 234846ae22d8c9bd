import type { Db } from '@server/db/database';
import { preparedQuery } from '@server/db/prepared-query';

/** Whether either member blocked the other. */
const blocksBetweenQuery = preparedQuery((db, firstId: number, secondId: number) =>
  db
    .selectFrom('blocks')
    .select(['blocker_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', firstId), eb('blocked_id', '=', secondId)]),
        eb.and([eb('blocker_id', '=', secondId), eb('blocked_id', '=', firstId)]),
      ]),
    ),
);

export async function isBlockedEitherWay(
  db: Db,
  firstId: number,
  secondId: number,
): Promise<{ byFirst: boolean; bySecond: boolean }> {
  const rows = await blocksBetweenQuery(db, firstId, secondId);
  return {
    byFirst: rows.some((row) => row.blocker_id === firstId),
    bySecond: rows.some((row) => row.blocker_id === secondId),
  };
}

export async function blockMember(db: Db, blockerId: number, blockedId: number) {
  await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

export async function unblockMember(db: Db, blockerId: number, blockedId: number) {
  await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .execute();
}

export async function listBlockedMembers(db: Db, blockerId: number) {
  return db
    .selectFrom('blocks')
    .innerJoin('members', 'members.id', 'blocks.blocked_id')
    .select(['members.id', 'members.name', 'blocks.created_at as blocked_at'])
    .where('blocks.blocker_id', '=', blockerId)
    .orderBy('blocks.created_at', 'desc')
    .execute();
}
