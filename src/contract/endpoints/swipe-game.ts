import { swipeGameAnswerSchema, swipeRequestSchema } from '@contract/discovery';
import { defineEndpoint } from '@contract/endpoint';

/** spec §2 swipe-game, §9: 4 likes a day. */
export const swipeGameApi = {
  next: defineEndpoint({
    method: 'GET',
    path: '/api/swipe-game.php',
    answer: swipeGameAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** A like is a real like (likes.php shows it); a pass keeps the card away for a while. */
  swipe: defineEndpoint({
    method: 'POST',
    path: '/api/swipe-game.php',
    body: swipeRequestSchema,
    answer: swipeGameAnswerSchema,
    errors: ['swipe_limit_reached', 'cannot_like_self'],
    access: 'member',
  }),
};
