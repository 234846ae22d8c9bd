import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { likesRoutes } from './likes-routes';

// The likes feature: likes, matches and auto-likes (spec §2, §3, §4, §7), and what other
// features need of them: the like state on a member page, the swipe game's likes.
export {
  LIKE_CARD_COLUMNS,
  type LikeCardRow,
  findVisibleCard,
  presentLikeCard,
} from './like-cards';
export { type LikeNotice, likeWithNotices, publishNotices, recordNotices } from './like-events';
export { type LikeContext, findLikeableMember, likeMember } from './like-service';
export { likeStateBetween } from './likes-queries';

export async function likesFeature(app: FastifyInstance, services: Services) {
  likesRoutes(app, services);
}
