import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '@server/db/database';
import type { Database } from '@server/db/schema';

// Issue 30 item 9: each figure read from where it is recorded today (docs/operator-console.md,
// "Figures"). Timestamps are ISO text in UTC on both databases, so a period is a range of text
// and a day is its first 10 characters. Fictional profiles and the demo seed's members are
// never counted: they are not people who came to the site.

export interface Period {
  siteId: number;
  /** The first moment of the first day and of the day after the last, as ISO text. */
  start: string;
  end: string;
  fromDay: string;
  toDay: string;
}

const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

function realMembersOf(period: Period) {
  return (eb: ExpressionBuilder<Database, 'members'>) =>
    eb.and([
      eb('members.site_id', '=', period.siteId),
      eb('members.is_fictional', '=', 0),
      eb('members.is_demo', '=', 0),
    ]);
}

export interface DaySourceCount {
  day: string;
  source: string | null;
  count: number;
}

const counted = (rows: { day: string; source: string | null; count: number | string | bigint }[]) =>
  rows.map((row) => ({ day: row.day, source: row.source, count: Number(row.count) }));

/** Signups: the members rows made in the period, by day and `network` tracking value. */
export async function signupsBySource(db: Db, period: Period): Promise<DaySourceCount[]> {
  const rows = await db
    .selectFrom('members')
    .select([dayOf('members.created_at').as('day'), 'members.network as source'])
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(realMembersOf(period))
    .where('members.created_at', '>=', period.start)
    .where('members.created_at', '<', period.end)
    .groupBy([dayOf('members.created_at'), 'members.network'])
    .execute();
  return counted(rows);
}

/** Activations: the activation links used in the period (email_tokens.used_at). */
export async function activationsBySource(db: Db, period: Period): Promise<DaySourceCount[]> {
  const rows = await db
    .selectFrom('email_tokens')
    .innerJoin('members', 'members.id', 'email_tokens.member_id')
    .select([dayOf('email_tokens.used_at').as('day'), 'members.network as source'])
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(realMembersOf(period))
    .where('email_tokens.purpose', '=', 'activation')
    .where('email_tokens.used_at', '>=', period.start)
    .where('email_tokens.used_at', '<', period.end)
    .groupBy([dayOf('email_tokens.used_at'), 'members.network'])
    .execute();
  return counted(rows);
}

/** First purchases: a member's first payment that brought credits, if that was in the period. */
export async function firstPurchasesBySource(db: Db, period: Period): Promise<DaySourceCount[]> {
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('members', 'members.id', 'p.member_id')
    .select([dayOf('p.fulfilled_at').as('day'), 'members.network as source'])
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(realMembersOf(period))
    .where('p.fulfilled_at', '>=', period.start)
    .where('p.fulfilled_at', '<', period.end)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments as q')
            .select('q.id')
            .whereRef('q.member_id', '=', 'p.member_id')
            .where('q.fulfilled_at', 'is not', null)
            .where((eb) =>
              eb.or([
                eb('q.fulfilled_at', '<', eb.ref('p.fulfilled_at')),
                eb.and([
                  eb('q.fulfilled_at', '=', eb.ref('p.fulfilled_at')),
                  eb('q.id', '<', eb.ref('p.id')),
                ]),
              ]),
            ),
        ),
      ),
    )
    .groupBy([dayOf('p.fulfilled_at'), 'members.network'])
    .execute();
  return counted(rows);
}

/** Revenue: payments that brought credits in the period, per currency, and what went back. */
export async function revenueByCurrency(db: Db, period: Period) {
  const rows = await db
    .selectFrom('payments')
    .select('currency')
    .select((eb) => [
      eb.fn.countAll<number>().as('payments'),
      eb.fn.sum<number>('amount_cents').as('amount_cents'),
      eb.fn.sum<number>('reversed_cents').as('reversed_cents'),
    ])
    .where('site_id', '=', period.siteId)
    .where('fulfilled_at', '>=', period.start)
    .where('fulfilled_at', '<', period.end)
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  return rows.map((row) => ({
    currency: row.currency,
    payments: Number(row.payments),
    amount_cents: Number(row.amount_cents ?? 0),
    reversed_cents: Number(row.reversed_cents ?? 0),
  }));
}

/** Messages members (not fictional profiles) sent in the period, per day. */
export async function messagesByDay(db: Db, period: Period) {
  const rows = await db
    .selectFrom('messages')
    .innerJoin('members', 'members.id', 'messages.sender_id')
    .select(dayOf('messages.created_at').as('day'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(realMembersOf(period))
    .where('messages.created_at', '>=', period.start)
    .where('messages.created_at', '<', period.end)
    .groupBy(dayOf('messages.created_at'))
    .execute();
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

/** Members who sent a message in the period, and members last active on or after its start. */
export async function activeMembers(db: Db, period: Period) {
  const messaging = await db
    .selectFrom('messages')
    .innerJoin('members', 'members.id', 'messages.sender_id')
    .select((eb) => eb.fn.count<number>('messages.sender_id').distinct().as('count'))
    .where(realMembersOf(period))
    .where('messages.created_at', '>=', period.start)
    .where('messages.created_at', '<', period.end)
    .executeTakeFirstOrThrow();
  const active = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(realMembersOf(period))
    .where('members.last_active_at', '>=', period.start)
    .executeTakeFirstOrThrow();
  return { messaging: Number(messaging.count), active: Number(active.count) };
}

/** Page bounces (spec §4 `lb`): counted per site, route and UTC day (page_bounces). */
export async function bouncesByDayAndRoute(db: Db, period: Period) {
  const rows = await db
    .selectFrom('page_bounces')
    .select(['day', 'route', 'count'])
    .where('site_id', '=', period.siteId)
    .where('day', '>=', period.fromDay)
    .where('day', '<=', period.toDay)
    .execute();
  return rows.map((row) => ({ day: row.day, route: row.route, count: Number(row.count) }));
}

/** Visits (features/visits) of the period, summed by one of the counters' keys. */
async function visitsBy(db: Db, period: Period, key: 'day' | 'source' | 'lander') {
  const rows = await db
    .selectFrom('visits')
    .select(key)
    .select((eb) => eb.fn.sum<number>('count').as('count'))
    .where('site_id', '=', period.siteId)
    .where('day', '>=', period.fromDay)
    .where('day', '<=', period.toDay)
    .groupBy(key)
    .execute();
  return rows.map((row) => ({ key: row[key], count: Number(row.count) }));
}

export const visitsByDay = async (db: Db, period: Period) =>
  (await visitsBy(db, period, 'day')).map(({ key, count }) => ({ day: key, count }));

/** By `network` value as signups are: a visit without one ('') is null, as its signup's. */
export const visitsBySource = async (db: Db, period: Period) =>
  (await visitsBy(db, period, 'source')).map(({ key, count }) => ({
    source: key === '' ? null : key,
    count,
  }));

export const visitsByLander = async (db: Db, period: Period) =>
  (await visitsBy(db, period, 'lander')).map(({ key, count }) => ({ lander: key, count }));

/** Signups of the period by the lander their visit began on (null: not recorded then). */
export async function signupsByLander(db: Db, period: Period) {
  const rows = await db
    .selectFrom('members')
    .select('members.lander')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(realMembersOf(period))
    .where('members.created_at', '>=', period.start)
    .where('members.created_at', '<', period.end)
    .groupBy('members.lander')
    .execute();
  return rows.map((row) => ({ lander: row.lander, count: Number(row.count) }));
}
