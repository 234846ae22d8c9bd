/**
 * How many members the landing page's strip shows (GET /api/featured.php). The web app
 * reserves their room before they arrive, so nothing below moves (issue 25 item 6: CLS).
 */
export const FEATURED_COUNT = 12;

/**
 * How many more members GET /api/featured.php answers after the strip's, for the faces in the
 * landing page's hero: members the strip below does not show, so the first screen does not
 * repeat itself (issue 32 item 7). A site with fewer members shows fewer faces, or none.
 */
export const HERO_FACES_COUNT = 6;
