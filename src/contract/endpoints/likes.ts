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

/** Likes and matches (spec §2 likes, likes-type, likes-m-id; §3; §4; §7). */
export const likesApi = {
  /** Liking needs a login (spec §6); a missing, hidden or blocked member is not_found. */
  like: defineEndpoint({
    method: 'POST',
    path: '/api/like.php',
    body: likeRequestSchema,
    answer: likeAnswerSchema,
    errors: ['cannot_like_self'],
    access: 'member',
  }),
  unlike: defineEndpoint({
    method: 'DELETE',
    path: '/api/like.php',
    body: likeRequestSchema,
    answer: likeAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** spec §7 GET /api/likes.php: profiles (whom I liked), liked_by, plus matches. */
  likes: defineEndpoint({
    method: 'GET',
    path: '/api/likes.php',
    answer: likesAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** One keyset page of a likes list, for /likes/{type}. */
  page: defineEndpoint({
    method: 'GET',
    path: '/api/likes-page.php',
    query: likesPageQuerySchema,
    answer: likesPageAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** spec §4: opening a liked-by profile clears its new flag. */
  seen: defineEndpoint({
    method: 'POST',
    path: '/api/like-seen.php',
    body: likeRequestSchema,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** spec §7 GET /api/auto-like.php: only ever a fictional profile (honest by design). */
  autoLike: defineEndpoint({
    method: 'GET',
    path: '/api/auto-like.php',
    answer: autoLikeAnswerSchema,
    errors: [],
    access: 'member',
  }),
};
