import { sql } from 'kysely';
import type { ProfileCard } from '@contract/members';
import type { Member } from '@server/db/member-record';
import type { Db } from '@server/db/database';
import { visibleMembers } from '@server/features/members';
import type { StoredSiteSettings } from '@server/features/sites';
import { LIKE_CARD_COLUMNS, presentLikeCard } from './like-cards';
import { lockMemberRow } from '@server/db/member-lock';
import { startOfUtcDay } from './like-limits';

const MINUTE = 60_000;

export interface AutoLikeContext {
  siteId: number;
  cdnPrefix: string;
  settings: StoredSiteSettings['auto_like'];
  viewer: Member;
}

/**
 * spec §4, §7 auto-like. Honest by design: the liker is always a fictional profile of the
 * site (`is_fictional = 1`), shown with its label, never a real member, even when no
 * fictional profile is left (then nothing). Each fictional profile likes a member at most
 * once (the likes primary key). Timing comes from the site's `auto_like` setting, counted
 * from this member's `auto` likes: the first `first_after_minutes` after signup, then at most
 * one per `every_minutes` and `max_per_day` per UTC day.
 */
export async function giveAutoLike(
  db: Db,
  context: AutoLikeContext,
  now: Date = new Date(),
): Promise<ProfileCard | null> {
  const { settings, viewer } = context;
  if (!settings.enabled || settings.max_per_day === 0 || viewer.is_fictional) return null;
  if (now.getTime() < Date.parse(viewer.created_at) + settings.first_after_minutes * MINUTE)
    return null;

  // Two tabs asking at once: the member's row lock makes the second re-check after the
  // first committed, so two auto-likes never land inside one interval.
  return db.transaction().execute(async (trx) => {
    await lockMemberRow(trx, viewer.id);
    const dayStart = startOfUtcDay(now).toISOString();
    const given = await trx
      .selectFrom('likes')
      .select((eb) => [
        eb.fn.max('created_at').as('last'),
        eb.fn.countAll<number>().filterWhere('created_at', '>=', dayStart).as('today'),
      ])
      .where('liked_id', '=', viewer.id)
      .where('source', '=', 'auto')
      .executeTakeFirstOrThrow();
    if (Number(given.today) >= settings.max_per_day) return null;
    if (given.last && now.getTime() < Date.parse(given.last) + settings.every_minutes * MINUTE)
      return null;

    const seeks = viewer.seeking === 'male' || viewer.seeking === 'female' ? viewer.seeking : null;
    const candidates = trx
      .selectFrom('members')
      .leftJoin('photos', (join) =>
        join
          .onRef('photos.member_id', '=', 'members.id')
          .on('photos.status', '=', 'active')
          .on('photos.position', '=', 0),
      )
      .select(LIKE_CARD_COLUMNS)
      .where('members.is_fictional', '=', 1)
      // spec §9: only the profiles the console lets auto-like (migration 0035).
      .where('members.auto_like', '=', 1)
      .where('members.id', '!=', viewer.id)
      .where(
        sql<boolean>`not exists (select 1 from likes earlier where earlier.liker_id = members.id and earlier.liked_id = ${viewer.id})`,
      );
    const liker = await visibleMembers(candidates, { siteId: context.siteId, memberId: viewer.id })
      // The gender the member seeks first, then those with a photo, then any.
      .orderBy(sql`case when ${sql.ref('members.gender')} = ${seeks} then 0 else 1 end`)
      .orderBy(sql`case when ${sql.ref('photos.storage_key')} is null then 1 else 0 end`)
      .orderBy(sql`random()`)
      .limit(1)
      .executeTakeFirst();
    if (!liker) return null;

    const inserted = await trx
      .insertInto('likes')
      .values({
        liker_id: liker.id,
        liked_id: viewer.id,
        source: 'auto',
        created_at: now.toISOString(),
        is_new: 1,
      })
      .onConflict((conflict) => conflict.columns(['liker_id', 'liked_id']).doNothing())
      .returning('liker_id')
      .executeTakeFirst();
    return inserted ? presentLikeCard(liker, context.cdnPrefix) : null;
  });
}
