import type { z } from 'zod';
import type { photoDecisionRequestSchema } from '@contract/moderation';
import type { Db } from '@server/db/database';
import type { Staff } from '@server/db/staff-record';
import { recordAudit } from '@server/db/staff-audit-table';
import { AppError } from '@server/errors/app-error';
import { photoFileNames } from '@server/features/photos';
import { decidePendingPhoto } from '@server/features/profiles';
import { mediaUrl } from '@server/storage/photo-storage';

/** How many pending photos one page of the queue shows. */
const QUEUE_PAGE = 60;

/**
 * Issue 30 item 5: the site's pending photos, oldest first (spec §3 photo_moderation: a
 * member's upload waits for a moderator). Answers the oldest page and how many wait in all.
 */
export async function pendingPhotos(db: Db, siteId: number, cdn: string) {
  const pending = db
    .selectFrom('photos')
    .innerJoin('members', 'members.id', 'photos.member_id')
    .where('photos.status', '=', 'pending')
    .where('members.site_id', '=', siteId);
  const [rows, total] = await Promise.all([
    pending
      .select([
        'photos.id',
        'photos.storage_key',
        'photos.blurred_storage_key',
        'photos.width',
        'photos.height',
        'photos.created_at',
        'members.id as member_id',
        'members.name as member_name',
      ])
      .orderBy('photos.id')
      .limit(QUEUE_PAGE)
      .execute(),
    pending.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    photos: rows.map((row) => {
      const names = photoFileNames(row.storage_key, row.blurred_storage_key);
      return {
        id: row.id,
        member: { id: row.member_id, name: row.member_name },
        match: mediaUrl(cdn, names.match),
        full: mediaUrl(cdn, names.full),
        width: row.width,
        height: row.height,
        created_at: row.created_at,
      };
    }),
    total: Number(total.count),
  };
}

type PhotoDecision = z.infer<typeof photoDecisionRequestSchema>;

/**
 * Approves or rejects a pending photo of the site, with the audit row in the same
 * transaction. A photo of another site is not found; one already decided (another moderator
 * was first) answers photo_already_decided and changes nothing.
 */
export async function decidePhoto(db: Db, staff: Staff, siteId: number, decision: PhotoDecision) {
  return db.transaction().execute(async (trx) => {
    const photo = await trx
      .selectFrom('photos')
      .innerJoin('members', 'members.id', 'photos.member_id')
      .select(['photos.id', 'photos.status', 'photos.member_id'])
      .where('photos.id', '=', decision.photo)
      .where('members.site_id', '=', siteId)
      .executeTakeFirst();
    if (!photo) throw new AppError('not_found', 'not_found');
    const status = decision.decision === 'approve' ? ('active' as const) : ('rejected' as const);
    const decided = await decidePendingPhoto(
      trx,
      photo.id,
      decision.decision === 'approve'
        ? { status: 'active' }
        : { status: 'rejected', reason: decision.reason },
    );
    if (!decided) throw new AppError('photo_already_decided', 'conflict');
    await recordAudit(trx, {
      staffId: staff.id,
      action: decision.decision === 'approve' ? 'photo.approved' : 'photo.rejected',
      siteId,
      subject: `photo:${photo.id}`,
      before: { status: 'pending', member: photo.member_id },
      after: { status, ...(decision.decision === 'reject' ? { reason: decision.reason } : {}) },
    });
    return { id: photo.id, status };
  });
}
