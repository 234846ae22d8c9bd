import { swipeGameAnswerSchema, swipeRequestSchema } from '@contract/discovery';
import { defineEndpoint } from '@contract/endpoint';
import { swipeGameRoutes } from '@contract/api-routes/swipe-game';

/** spec §2 swipe-game, §9: 4 likes a day. */
export const swipeGameApi = {
  next: defineEndpoint({
    ...swipeGameRoutes.next,
    answer: swipeGameAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** A like is a real like (likes.php shows it); a pass keeps the card away for a while. */
  swipe: defineEndpoint({
    ...swipeGameRoutes.swipe,
    body: swipeRequestSchema,
    answer: swipeGameAnswerSchema,
    errors: ['swipe_limit_reached', 'cannot_like_self'],
    access: 'member',
  }),
};
