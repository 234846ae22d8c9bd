import type { SiteFigures } from '@contract/site-admin';
import type { Db } from '@server/db/database';
import {
  type DaySourceCount,
  type Period,
  activationsBySource,
  activeMembers,
  bouncesByDayAndRoute,
  firstPurchasesBySource,
  messagesByDay,
  revenueByCurrency,
  signupsBySource,
} from './figures-queries';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A period longer than this is refused by the route (a year and a day: leap years). */
export const MAX_PERIOD_DAYS = 367;

/** The days from `from` to `to`, both included, as YYYY-MM-DD in UTC. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

export function periodOf(siteId: number, from: string, to: string): Period {
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString();
  return {
    siteId,
    start: new Date(`${from}T00:00:00Z`).toISOString(),
    end,
    fromDay: from,
    toDay: to,
  };
}

const sum = (counts: { count: number }[]) =>
  counts.reduce((total, entry) => total + entry.count, 0);

function byDay(counts: { day: string; count: number }[]) {
  const days = new Map<string, number>();
  for (const entry of counts) days.set(entry.day, (days.get(entry.day) ?? 0) + entry.count);
  return days;
}

function bySource(counts: DaySourceCount[]) {
  const sources = new Map<string | null, number>();
  for (const entry of counts)
    sources.set(entry.source, (sources.get(entry.source) ?? 0) + entry.count);
  return sources;
}

/** A site's figures for a period of whole UTC days (issue 30 item 9). */
export async function siteFigures(
  db: Db,
  siteId: number,
  from: string,
  to: string,
): Promise<SiteFigures> {
  const period = periodOf(siteId, from, to);
  const signups = await signupsBySource(db, period);
  const activations = await activationsBySource(db, period);
  const firstPurchases = await firstPurchasesBySource(db, period);
  const messages = await messagesByDay(db, period);
  const bounces = await bouncesByDayAndRoute(db, period);
  const members = await activeMembers(db, period);
  const revenue = await revenueByCurrency(db, period);

  const signupDays = byDay(signups);
  const activationDays = byDay(activations);
  const purchaseDays = byDay(firstPurchases);
  const messageDays = byDay(messages);
  const bounceDays = byDay(bounces);
  const signupSources = bySource(signups);
  const activationSources = bySource(activations);
  const purchaseSources = bySource(firstPurchases);
  const sources = [
    ...new Set([...signupSources.keys(), ...activationSources.keys(), ...purchaseSources.keys()]),
  ];
  const routes = new Map<string, number>();
  for (const entry of bounces)
    routes.set(entry.route, (routes.get(entry.route) ?? 0) + entry.count);

  return {
    from,
    to,
    days: daysOf(from, to).map((day) => ({
      day,
      signups: signupDays.get(day) ?? 0,
      activations: activationDays.get(day) ?? 0,
      first_purchases: purchaseDays.get(day) ?? 0,
      messages: messageDays.get(day) ?? 0,
      page_bounces: bounceDays.get(day) ?? 0,
    })),
    sources: sources
      .map((source) => ({
        source,
        signups: signupSources.get(source) ?? 0,
        activations: activationSources.get(source) ?? 0,
        first_purchases: purchaseSources.get(source) ?? 0,
      }))
      .sort((a, b) => b.signups - a.signups || String(a.source).localeCompare(String(b.source))),
    revenue,
    bounces: [...routes]
      .map(([route, count]) => ({ route, count }))
      .sort((a, b) => b.count - a.count || a.route.localeCompare(b.route)),
    totals: {
      signups: sum(signups),
      activations: sum(activations),
      first_purchases: sum(firstPurchases),
      messages: sum(messages),
      messaging_members: members.messaging,
      active_members: members.active,
      page_bounces: sum(bounces),
    },
  };
}
