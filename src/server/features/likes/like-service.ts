import type { Member } from '@server/db/member-record';
import type { Db } from '@server/db/database';
import { AppError } from '@server/errors/app-error';
import { findOwnCard, findVisibleCard, presentLikeCard } from './like-cards';
import type { LikeNotice } from './like-events';
import { deleteLike, insertLike, likeStateBetween } from './likes-queries';

export interface LikeContext {
  siteId: number;
  cdnPrefix: string;
  viewer: Member;
}

/**
 * The member the viewer may like: a missing, hidden, invisible, blocked (either way) or
 * other site's member answers not_found, all alike (spec §1); oneself cannot_like_self.
 */
export async function findLikeableMember(db: Db, context: LikeContext, targetId: number) {
  if (targetId === context.viewer.id) throw new AppError('cannot_like_self', 'invalid');
  const target = await findVisibleCard(db, context.siteId, context.viewer.id, targetId);
  if (!target) throw new AppError('not_found', 'not_found');
  return target;
}

export interface LikeOutcome {
  liked: true;
  /** The target likes the viewer too. */
  match: boolean;
  /** What to announce once the like is committed (nothing for a repeated like). */
  notices: LikeNotice[];
}

/**
 * A member's own like, from a card (`member`) or the swipe game (`swipe`). Liking twice is a
 * no-op. A new like is announced to the liked member (`like.new`); one that makes a match is
 * announced to both (`match.new`). An invisible liker is not announced: the liked member
 * could not open their profile.
 */
export async function likeMember(
  db: Db,
  context: LikeContext,
  targetId: number,
  source: 'member' | 'swipe',
  now: Date = new Date(),
): Promise<LikeOutcome> {
  const target = await findLikeableMember(db, context, targetId);
  const viewerId = context.viewer.id;
  const created = await insertLike(db, { likerId: viewerId, likedId: target.id, source, now });
  const { likedMe } = await likeStateBetween(db, viewerId, target.id);
  if (!created) return { liked: true, match: likedMe, notices: [] };

  const notices: LikeNotice[] = [];
  const targetCard = presentLikeCard(target, context.cdnPrefix);
  const ownRow = await findOwnCard(db, context.siteId, viewerId);
  const ownCard = ownRow ? presentLikeCard(ownRow, context.cdnPrefix) : undefined;
  if (likedMe) {
    notices.push({ memberId: viewerId, event: { type: 'match.new', profile: targetCard } });
    if (ownCard)
      notices.push({ memberId: target.id, event: { type: 'match.new', profile: ownCard } });
  } else if (ownCard) {
    notices.push({ memberId: target.id, event: { type: 'like.new', profile: ownCard } });
  }
  return { liked: true, match: likedMe, notices };
}

/** Takes the viewer's like back (idempotent); a match it made is no more. */
export async function unlikeMember(db: Db, viewerId: number, targetId: number) {
  await deleteLike(db, viewerId, targetId);
  return { liked: false, match: false };
}
