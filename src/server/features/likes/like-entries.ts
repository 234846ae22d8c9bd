import type { LikesType } from '@contract/discovery';
import type { Db } from '@server/db/database';
import { presentLikeCard } from './like-cards';
import type { LikeContext } from './like-service';
import type { LikesCursor } from './likes-cursor';
import { listLikes } from './likes-queries';

/** One keyset page of a likes list as the viewer sees it, each entry with the row it came from. */
export async function readLikeEntries(
  db: Db,
  context: LikeContext,
  type: LikesType,
  limit: number,
  after?: LikesCursor,
) {
  const rows = await listLikes(db, {
    siteId: context.siteId,
    viewerId: context.viewer.id,
    type,
    limit,
    ...(after ? { after } : {}),
  });
  return rows.map((row) => ({
    row,
    entry: {
      ...presentLikeCard(row, context.cdnPrefix),
      liked: Number(row.liked) === 1,
      // spec §3 like_new: only a like of the viewer can be new to them.
      like_new: type === 'liked-by' && row.is_new === 1,
    },
  }));
}
