import { z } from 'zod';
import { cursorTimeSchema, keysetCursor } from './cursor';
import { idSchema } from './ids';
import { profileCardSchema } from './members';
import { LIKES_TYPES, SEARCH_AGE, SWIPE_LIKES_PER_DAY } from './discovery-limits';
import { PROFILE_OPTIONS } from './profile-options';

// The limits the web app's pages read live apart, with no schema (issue 32 item 10).
export {
  LIKES_SUMMARY_SIZE,
  LIKES_TYPES,
  type LikesType,
  SEARCH_AGE,
  SEARCH_COUNT_CAP,
  SWIPE_LIKES_PER_DAY,
} from './discovery-limits';

// spec §2 members, match-finder, likes, swipe-game; §3 search state, liked-by entry; §9.

/** Members per page of search results and of likes lists (keyset pages, never OFFSET). */
export const PAGE_SIZE = 20;
/** Below this many results, the first page adds similar members with relaxed filters. */
export const SIMILAR_BELOW = 10;

/** A card in a discovery list: the public card plus whether the viewer liked this member. */
export const discoveryCardSchema = profileCardSchema.extend({ liked: z.boolean() });
export type DiscoveryCard = z.infer<typeof discoveryCardSchema>;

const ageSchema = z.coerce.number().int().min(SEARCH_AGE.min).max(SEARCH_AGE.max);
/** Far more pages than anyone scrolls; a larger number is a made-up cursor. */
const MAX_SEARCH_PAGE = 100_000;
/**
 * Search lists by last activity, then id, both descending: a cursor holds the last row's sort
 * key and the number of the page it leads to (2, 3, …).
 */
export const searchCursor = keysetCursor({
  lastActiveAt: cursorTimeSchema,
  id: idSchema,
  pageNumber: z.number().int().min(2).max(MAX_SEARCH_PAGE),
});

/** spec §3 search state: gender, country, countryregion, min_age, max_age. */
export const searchQuerySchema = z
  .object({
    gender: z.enum(PROFILE_OPTIONS.gender).optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'invalid_value')
      .optional(),
    countryregion: z.string().max(10).optional(),
    min_age: ageSchema.optional(),
    max_age: ageSchema.optional(),
    cursor: searchCursor.schema.optional(),
    // Tracking values: logged-out search may depend on them (spec §6).
    network: z.string().max(64).optional(),
    ref: z.string().max(64).optional(),
  })
  .refine((query) => !query.min_age || !query.max_age || query.min_age <= query.max_age, {
    path: ['max_age'],
    message: 'age_range_invalid',
  })
  .refine((query) => !query.countryregion || query.country, {
    path: ['countryregion'],
    message: 'invalid_value',
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchAnswerSchema = z.object({
  results: z.array(discoveryCardSchema),
  /** How many members match in all; counted up to SEARCH_COUNT_CAP. */
  numResults: z.number().int().nonnegative(),
  numResultsCapped: z.boolean(),
  /** 1 for the first page, 2 for the page its cursor led to, … */
  pageNumber: z.number().int().positive(),
  /** The cursor of the next page, or null on the last one. */
  next_cursor: z.string().nullable(),
  /** On the first page when few match: members of relaxed filters, shown apart. */
  similar: z.array(discoveryCardSchema),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

/** POST/DELETE /api/like.php { profile } (spec §7 style). */
export const likeRequestSchema = z.object({ profile: idSchema });
export const likeAnswerSchema = z.object({
  liked: z.boolean(),
  /** Both members like each other: announced to both (issue: matches). */
  match: z.boolean(),
});

/** spec §3 "Liked-by entry: id, like_new", carried with the card the pages show. */
export const likedByEntrySchema = discoveryCardSchema.extend({ like_new: z.boolean() });
/**
 * likes.php counts each list (and the new likes) up to this: a count of LIKES_COUNT_CAP means
 * "that many or more", shown as 99+ like every badge (spec §9). Counting stops there, so a
 * member with thousands of likes costs what one with a hundred does.
 */
export const LIKES_COUNT_CAP = 100;
const likesCount = z.number().int().nonnegative().max(LIKES_COUNT_CAP);

export const likesAnswerSchema = z.object({
  /** Whom the member liked, newest first (spec §3 "Profile: id, main_image"). */
  profiles: z.array(discoveryCardSchema),
  liked_by: z.array(likedByEntrySchema),
  /** Mutual likes. */
  matches: z.array(discoveryCardSchema),
  /** spec §3 "total new likes": liked-by entries the member has not opened yet (capped). */
  new_likes: likesCount,
  /** The size of each list, counted up to LIKES_COUNT_CAP. */
  counts: z.object({ liked: likesCount, liked_by: likesCount, matches: likesCount }),
});
export type LikesAnswer = z.infer<typeof likesAnswerSchema>;

/** A position in a likes list: the last entry's like time and the other member's id. */
export const likesCursor = keysetCursor({ createdAt: cursorTimeSchema, id: idSchema });
export const likesPageQuerySchema = z.object({
  type: z.enum(LIKES_TYPES, 'invalid_value'),
  cursor: likesCursor.schema.optional(),
});
export const likesPageAnswerSchema = z.object({
  results: z.array(likedByEntrySchema),
  next_cursor: z.string().nullable(),
});

/** spec §7 GET /api/auto-like.php: a (fictional) profile that liked the member, or null. */
export const autoLikeAnswerSchema = z.object({ profile: discoveryCardSchema.nullable() });

/** spec §2 swipe-game: one card at a time and what is left of today's likes. */
export const swipeGameAnswerSchema = z.object({
  profile: discoveryCardSchema.nullable(),
  likes_left: z.number().int().min(0).max(SWIPE_LIKES_PER_DAY),
  /** When today's likes come back (midnight UTC). */
  resets_at: z.iso.datetime(),
});
export const swipeRequestSchema = z.object({
  profile: idSchema,
  decision: z.enum(['like', 'pass']),
});

/** spec §2 match-finder: a few preference questions, kept for the next visit. */
export const matchFinderAnswersSchema = z
  .object({
    min_age: z.number().int().min(SEARCH_AGE.min).max(SEARCH_AGE.max),
    max_age: z.number().int().min(SEARCH_AGE.min).max(SEARCH_AGE.max),
    seeking: z.enum(PROFILE_OPTIONS.seeking),
    interests: z.array(idSchema).max(20),
  })
  .refine((answers) => answers.min_age <= answers.max_age, {
    path: ['max_age'],
    message: 'age_range_invalid',
  });
export type MatchFinderAnswers = z.infer<typeof matchFinderAnswersSchema>;
export const matchFinderAnswerSchema = z.object({
  answers: matchFinderAnswersSchema.nullable(),
  /** Members who fit, best first; `score` is how many answers they match. */
  results: z.array(discoveryCardSchema.extend({ score: z.number().int().nonnegative() })),
});
