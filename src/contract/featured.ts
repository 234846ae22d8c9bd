/**
 * How many members the landing page's strip shows (GET /api/featured.php). The web app
 * reserves their room before they arrive, so nothing below moves (issue 25 item 6: CLS).
 */
export const FEATURED_COUNT = 12;
