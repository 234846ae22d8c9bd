// spec §2 members, likes, swipe-game; §9. The limits of discovery without a schema: the web
// app's pages read these, and importing discovery.ts for them would load zod and build every
// discovery schema on the page's first render (issue 32 item 10). discovery.ts re-exports
// them for everyone else.

/** Ages a search may ask for (spec §5: members are at least the site's min_age). */
export const SEARCH_AGE = { min: 18, max: 99 } as const;
/** numResults is counted up to this; above it the answer says "at least" (numResultsCapped). */
export const SEARCH_COUNT_CAP = 1000;
/**
 * spec §9: the swipe game allows 4 likes a day: swipes made, on the member's own day
 * (docs/decisions.md, Discovery).
 */
export const SWIPE_LIKES_PER_DAY = 4;
/**
 * How many entries of each list likes.php carries: what the likes overview shows of each
 * (the newest); the lists page through likes-page.php. likes.php is read every 60 s by every
 * open tab (spec §4 badges), so it carries no more than the overview needs.
 */
export const LIKES_SUMMARY_SIZE = 4;
export const LIKES_TYPES = ['liked', 'liked-by', 'matches'] as const;
export type LikesType = (typeof LIKES_TYPES)[number];
