import {
  autoLikeAnswerSchema,
  likeAnswerSchema,
  likeRequestSchema,
  likesAnswerSchema,
  likesPageAnswerSchema,
  likesPageQuerySchema,
} from '@contract/discovery';
import { okAnswerSchema } from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { likesRoutes } from '@contract/api-routes/likes';

/** Likes and matches (spec §2 likes, likes-type, likes-m-id; §3; §4; §7). */
export const likesApi = {
  /** Liking needs a login (spec §6); a missing, hidden or blocked member is not_found. */
  like: defineEndpoint({
    ...likesRoutes.like,
    body: likeRequestSchema,
    answer: likeAnswerSchema,
    errors: ['cannot_like_self'],
    access: 'member',
  }),
  unlike: defineEndpoint({
    ...likesRoutes.unlike,
    body: likeRequestSchema,
    answer: likeAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** spec §7 GET /api/likes.php: profiles (whom I liked), liked_by, plus matches. */
  likes: defineEndpoint({
    ...likesRoutes.likes,
    answer: likesAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** One keyset page of a likes list, for /likes/{type}. */
  page: defineEndpoint({
    ...likesRoutes.page,
    query: likesPageQuerySchema,
    answer: likesPageAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** spec §4: opening a liked-by profile clears its new flag. */
  seen: defineEndpoint({
    ...likesRoutes.seen,
    body: likeRequestSchema,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** spec §7 GET /api/auto-like.php: only ever a fictional profile (honest by design). */
  autoLike: defineEndpoint({
    ...likesRoutes.autoLike,
    answer: autoLikeAnswerSchema,
    errors: [],
    access: 'member',
  }),
};
