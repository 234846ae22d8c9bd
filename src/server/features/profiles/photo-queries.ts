import type { Db } from '@server/db/database';

/** A member's photos in order; `activeOnly` for anyone but the member themselves. */
export async function listPhotos(
  db: Db,
  memberId: number,
  { activeOnly }: { activeOnly: boolean },
) {
  let query = db
    .selectFrom('photos')
    .select(['id', 'storage_key', 'blurred_storage_key', 'status', 'position'])
    .where('member_id', '=', memberId);
  query = activeOnly
    ? query.where('status', '=', 'active')
    : query.where('status', '!=', 'rejected');
  return query.orderBy('position').orderBy('id').execute();
}
export type PhotoListRow = Awaited<ReturnType<typeof listPhotos>>[number];

export async function countLivePhotos(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('member_id', '=', memberId)
    .where('status', '!=', 'rejected')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
