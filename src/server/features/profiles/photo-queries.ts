import type { Db } from '@server/db/database';
import { preparedQuery } from '@server/db/prepared-query';

const selectPhotos = (db: Db, memberId: number) =>
  db
    .selectFrom('photos')
    .select(['id', 'storage_key', 'blurred_storage_key', 'status', 'position'])
    .where('member_id', '=', memberId)
    .orderBy('position')
    .orderBy('id');
// Asked by every member page a member opens: compiled once (docs/performance.md).
const activePhotosQuery = preparedQuery((db, memberId: number) =>
  selectPhotos(db, memberId).where('status', '=', 'active'),
);

/** A member's photos in order; `activeOnly` for anyone but the member themselves. */
export async function listPhotos(
  db: Db,
  memberId: number,
  { activeOnly }: { activeOnly: boolean },
) {
  return activeOnly
    ? activePhotosQuery(db, memberId)
    : selectPhotos(db, memberId).where('status', '!=', 'rejected').execute();
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

/** More to write in the same transaction: the console's audit row (issue 30 item 2). */
export type AlsoWrite = (trx: Db) => Promise<void>;

export interface NewPhoto {
  storageKey: string;
  blurredStorageKey: string;
  status: 'pending' | 'active';
  width: number;
  height: number;
}

/**
 * Adds a photo at the end of the member's list while the limit allows. The count is read
 * in the same transaction, so two uploads at once cannot both pass the limit (spec §9).
 * Returns false when the limit was reached.
 */
export async function insertPhotoWithinLimit(
  db: Db,
  memberId: number,
  limit: number,
  photo: NewPhoto,
  alsoWrite?: AlsoWrite,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const live = await countLivePhotos(trx, memberId);
    if (live >= limit) return false;
    await trx
      .insertInto('photos')
      .values({
        member_id: memberId,
        storage_key: photo.storageKey,
        blurred_storage_key: photo.blurredStorageKey,
        status: photo.status,
        position: live,
        width: photo.width,
        height: photo.height,
        created_at: new Date().toISOString(),
      })
      .execute();
    await alsoWrite?.(trx);
    return true;
  });
}

/** Puts the member's photos in the given order of ids (all of theirs, each once). */
export async function reorderPhotos(db: Db, memberId: number, order: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [position, id] of order.entries()) {
      await trx
        .updateTable('photos')
        .set({ position })
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .execute();
    }
  });
}

/**
 * Deletes one of the member's photos and closes the gap in the positions. Returns the
 * deleted photo's storage keys, or undefined when the member has no such photo.
 */
export async function deletePhoto(
  db: Db,
  memberId: number,
  photoId: number,
  alsoWrite?: AlsoWrite,
) {
  return db.transaction().execute(async (trx) => {
    const photo = await trx
      .deleteFrom('photos')
      .where('id', '=', photoId)
      .where('member_id', '=', memberId)
      .returning(['storage_key', 'blurred_storage_key'])
      .executeTakeFirst();
    if (!photo) return undefined;
    const rest = await trx
      .selectFrom('photos')
      .select('id')
      .where('member_id', '=', memberId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    for (const [position, row] of rest.entries()) {
      await trx.updateTable('photos').set({ position }).where('id', '=', row.id).execute();
    }
    await alsoWrite?.(trx);
    return photo;
  });
}

/**
 * A moderator's decision on a pending photo (issue 30 item 5): approved, it becomes active
 * for the member and everyone who may see them; rejected, it stays out of every list and its
 * owner reads the reason. Only a pending photo is decided, so two moderators at once cannot
 * both decide it. Answers whether this call decided it. Run in the audit row's transaction.
 */
export async function decidePendingPhoto(
  trx: Db,
  photoId: number,
  decision: { status: 'active' } | { status: 'rejected'; reason: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('photos')
    .set({
      status: decision.status,
      rejection_reason: decision.status === 'rejected' ? decision.reason : null,
    })
    .where('id', '=', photoId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The member's rejected photos with the moderator's reason, for their own profile. */
export async function listRejectedPhotos(db: Db, memberId: number) {
  return db
    .selectFrom('photos')
    .select(['id', 'storage_key', 'blurred_storage_key', 'rejection_reason'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'rejected')
    .orderBy('id')
    .execute();
}
