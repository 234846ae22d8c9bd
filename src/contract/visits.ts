import { z } from 'zod';
import { plainLine } from './plain-text';
import { matchShownAppRoute } from './route-params';

/**
 * Issue 30 item 9: a visit is the start of a visitor's session in a tab, counted per site, UTC
 * day, traffic source and lander (docs/operator-console.md, "Visits"). The web app sends it
 * once per tab session with the page the session began on and the visit's `network` value.
 */
export const visitRequestSchema = z.object({
  /** The path (and maybe query) of the page the tab's session began on. */
  path: z.string().max(400),
  /** The visit's `network` tracking value (spec §3); a value signup would refuse counts as none. */
  network: plainLine(z.string().trim().max(100)).optional().catch(undefined),
});
export const visitAnswerSchema = z.object({ counted: z.boolean() });

/** The lander of a visit that began on a path the app has no page for (a broken ad link). */
export const NOT_FOUND_LANDER = 'not-found';
/** The source of a day's visits from sources beyond the day's cap (visits-table.ts). */
export const OTHER_SOURCES = '*';

/**
 * The lander a visit began on, as a bounded name (never the path's free text): the route's
 * name in the route table (`index`, `members-id-landing`, ...), a lander of /landers as
 * `landers-<name>` (`landers-gallery`), and `not-found` for a path of no page. A lander's
 * {slug} and a member's id are left out: the rows stay bounded by sites × routes × days.
 */
export function entryLanderOf(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0]!;
  const route = matchShownAppRoute(pathname);
  if (!route) return NOT_FOUND_LANDER;
  if (route.name === 'landers-slug') return `landers-${route.params.lander}`;
  return route.name;
}
