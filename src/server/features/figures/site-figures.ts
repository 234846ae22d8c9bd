import type { SiteFigures } from '@contract/site-admin';
import type { Db } from '@server/db/database';
import { operatorFigures } from '@server/features/chat';
import {
  type DaySourceCount,
  type Period,
  activationsBySource,
  activeMembers,
  bouncesByDayAndRoute,
  firstPurchasesBySource,
  messagesByDay,
  revenueByCurrency,
  signupsByLander,
  signupsBySource,
  visitsByDay,
  visitsByLander,
  visitsBySource,
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

function bySource(counts: Pick<DaySourceCount, 'source' | 'count'>[]) {
  const sources = new Map<string | null, number>();
  for (const entry of counts)
    sources.set(entry.source, (sources.get(entry.source) ?? 0) + entry.count);
  return sources;
}

/** Signups per visit, to four places; null when nothing was visited (no ratio to give). */
export const conversionOf = (signups: number, visits: number) =>
  visits === 0 ? null : Math.round((signups / visits) * 10_000) / 10_000;

/** Visits and signups per lander, most visited first, with their conversion. */
function landersOf(
  visits: { lander: string; count: number }[],
  signups: { lander: string | null; count: number }[],
) {
  const rows = new Map<string | null, { visits: number; signups: number }>();
  const row = (lander: string | null) => {
    let entry = rows.get(lander);
    if (!entry) rows.set(lander, (entry = { visits: 0, signups: 0 }));
    return entry;
  };
  for (const entry of visits) row(entry.lander).visits += entry.count;
  for (const entry of signups) row(entry.lander).signups += entry.count;
  return [...rows]
    .map(([lander, counts]) => ({
      lander,
      ...counts,
      conversion: conversionOf(counts.signups, counts.visits),
    }))
    .sort(
      (a, b) =>
        b.visits - a.visits ||
        b.signups - a.signups ||
        String(a.lander).localeCompare(String(b.lander)),
    );
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
  const visitDays = new Map((await visitsByDay(db, period)).map((e) => [e.day, e.count]));
  const visitSources = bySource(await visitsBySource(db, period));
  const landers = landersOf(await visitsByLander(db, period), await signupsByLander(db, period));
  const operators = await operatorFigures(db, siteId, period);

  const signupDays = byDay(signups);
  const activationDays = byDay(activations);
  const purchaseDays = byDay(firstPurchases);
  const messageDays = byDay(messages);
  const bounceDays = byDay(bounces);
  const signupSources = bySource(signups);
  const activationSources = bySource(activations);
  const purchaseSources = bySource(firstPurchases);
  const sources = [
    ...new Set([
      ...visitSources.keys(),
      ...signupSources.keys(),
      ...activationSources.keys(),
      ...purchaseSources.keys(),
    ]),
  ];
  const visits = [...visitDays.values()].reduce((total, count) => total + count, 0);
  const routes = new Map<string, number>();
  for (const entry of bounces)
    routes.set(entry.route, (routes.get(entry.route) ?? 0) + entry.count);

  return {
    from,
    to,
    days: daysOf(from, to).map((day) => ({
      day,
      visits: visitDays.get(day) ?? 0,
      signups: signupDays.get(day) ?? 0,
      activations: activationDays.get(day) ?? 0,
      first_purchases: purchaseDays.get(day) ?? 0,
      messages: messageDays.get(day) ?? 0,
      page_bounces: bounceDays.get(day) ?? 0,
    })),
    sources: sources
      .map((source) => ({
        source,
        visits: visitSources.get(source) ?? 0,
        signups: signupSources.get(source) ?? 0,
        conversion: conversionOf(signupSources.get(source) ?? 0, visitSources.get(source) ?? 0),
        activations: activationSources.get(source) ?? 0,
        first_purchases: purchaseSources.get(source) ?? 0,
      }))
      .sort(
        (a, b) =>
          b.visits - a.visits ||
          b.signups - a.signups ||
          String(a.source).localeCompare(String(b.source)),
      ),
    landers,
    revenue,
    bounces: [...routes]
      .map(([route, count]) => ({ route, count }))
      .sort((a, b) => b.count - a.count || a.route.localeCompare(b.route)),
    operators: {
      waiting: operators.waiting,
      answers: operators.answers,
      median_answer_seconds: operators.median_answer_seconds,
      p90_answer_seconds: operators.p90_answer_seconds,
      per_day: operators.per_operator,
    },
    totals: {
      visits,
      signups: sum(signups),
      activations: sum(activations),
      first_purchases: sum(firstPurchases),
      messages: sum(messages),
      messaging_members: members.messaging,
      active_members: members.active,
      page_bounces: sum(bounces),
      conversion: conversionOf(sum(signups), visits),
    },
  };
}
