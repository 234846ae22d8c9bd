import type { Db } from '@server/db/database';
import { lockMemberRow } from '@server/db/member-lock';
import { deleteMemberOwnedRows } from '@server/db/member-owned-rows';
import { findMemberById, pseudonymiseMember, undoDeadlineFor } from '@server/db/members-table';
import { eraseChatSide, sentChatPhotoKeys } from '@server/features/chat';
import {
  type PaymentProvider,
  erasePaymentDetails,
  forgetProviderCustomers,
} from '@server/features/payments';
import { photoFileNames, removePrivatePhoto } from '@server/features/photos';
import type { PhotoStorage } from '@server/storage/photo-storage';

// Issue 31 item 7, spec §9: 14 days after a deletion the account is erased
// (docs/account-lifecycle.md). Run by the hourly 'accounts.erase' job, once per deployment.

export interface ErasureDeps {
  db: Db;
  storage: PhotoStorage;
  provider: PaymentProvider | null;
}

/** Members erased per run; the next hour takes the rest. */
const ERASURES_PER_RUN = 100;

/** Erases every deleted account whose 14 days are over; answers whose. */
export async function eraseDueAccounts(deps: ErasureDeps, now = new Date()): Promise<number[]> {
  const due = await deps.db
    .selectFrom('members')
    .select('id')
    .where('status', '=', 'deleted')
    .where('deleted_at', '<=', undoDeadlineFor(now))
    .orderBy('deleted_at')
    .limit(ERASURES_PER_RUN)
    .execute();
  const erased: number[] = [];
  for (const { id } of due) if (await eraseAccount(deps, id, now)) erased.push(id);
  return erased;
}

/**
 * Erases one account. Idempotent and safe to interrupt: what lives outside the database (the
 * provider's customer, the photo files) goes first and may go twice; the rows then go in one
 * transaction that also pseudonymises the member, the step that marks it done. A crash in
 * between leaves the member 'deleted' and due, and the next run does it all again.
 */
export async function eraseAccount(deps: ErasureDeps, memberId: number, now = new Date()) {
  const { db, storage, provider } = deps;
  const member = await findMemberById(db, memberId);
  if (
    member?.status !== 'deleted' ||
    !member.deleted_at ||
    member.deleted_at > undoDeadlineFor(now)
  )
    return false;
  await forgetProviderCustomers(db, provider, memberId);
  const photos = await db
    .selectFrom('photos')
    .select(['storage_key', 'blurred_storage_key'])
    .where('member_id', '=', memberId)
    .execute();
  for (const photo of photos)
    await Promise.all(
      Object.values(photoFileNames(photo.storage_key, photo.blurred_storage_key)).map((name) =>
        storage.remove(name),
      ),
    );
  for (const key of await sentChatPhotoKeys(db, memberId)) await removePrivatePhoto(storage, key);

  return db.transaction().execute(async (trx) => {
    await lockMemberRow(trx, memberId);
    if (!(await pseudonymiseMember(trx, memberId, now))) return false;
    await eraseChatSide(trx, memberId);
    await erasePaymentDetails(trx, memberId);
    await deleteMemberOwnedRows(trx, memberId);
    // Mails kept where no mail server is configured (development) carry the address.
    await trx.deleteFrom('outbox_mails').where('recipient', '=', member.email).execute();
    return true;
  });
}
