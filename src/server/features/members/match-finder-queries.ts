import { sql } from 'kysely';
import { type MatchFinderAnswers, PAGE_SIZE, matchFinderAnswersSchema } from '@contract/discovery';
import type { Db } from '@server/db/database';
import { selectDiscoveryCards } from './discovery-card';
import { birthDateRange } from './search-filters';

/**
 * The match finder ranks this many of the most recently active members who fit (gender,
 * age): one bounded index walk, however large the site, instead of scoring every member.
 */
export const MATCH_FINDER_POOL = 500;

/** The answers a member kept (spec §2 match-finder), or null; unreadable ones count as none. */
export async function findMatchFinderAnswers(
  db: Db,
  memberId: number,
): Promise<MatchFinderAnswers | null> {
  const row = await db
    .selectFrom('match_finder_answers')
    .select('answers_json')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return null;
  const parsed = matchFinderAnswersSchema.safeParse(JSON.parse(row.answers_json));
  return parsed.success ? parsed.data : null;
}

/** Keeps the answers for the next visit: one row per member, replaced on each save. */
export async function saveMatchFinderAnswers(
  db: Db,
  memberId: number,
  answers: MatchFinderAnswers,
  now = new Date(),
): Promise<void> {
  const values = {
    answers_json: JSON.stringify(answers),
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('match_finder_answers')
    .values({ member_id: memberId, ...values })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet(values))
    .execute();
}

/** Whether every id names a known interest (as the profile editor checks). */
export async function areKnownInterests(db: Db, interestIds: number[]): Promise<boolean> {
  const unique = [...new Set(interestIds)];
  if (unique.length === 0) return true;
  const known = await db.selectFrom('interests').select('id').where('id', 'in', unique).execute();
  return known.length === unique.length;
}

/**
 * Members who fit the answers, best first, in one statement: visible members (blocks both
 * ways, invisible and disabled left out, the member themself too, a photo required) of the
 * sought gender ('both': any) and in the age range; of the most recently active
 * MATCH_FINDER_POOL of them, ranked by how many of the answered interests they share, then
 * by recent activity. The shared interests are counted on member_interests' primary key.
 */
export async function listMatchFinderResults(
  db: Db,
  siteId: number,
  viewerId: number,
  answers: MatchFinderAnswers,
  today = new Date(),
) {
  const born = birthDateRange(answers.min_age, answers.max_age, today);
  let fitting = selectDiscoveryCards(db, siteId, viewerId)
    .where('members.last_active_at', 'is not', null)
    .where('members.date_of_birth', '<=', born.bornOnOrBefore!)
    .where('members.date_of_birth', '>', born.bornAfter!);
  if (answers.seeking !== 'both') fitting = fitting.where('members.gender', '=', answers.seeking);
  const pool = fitting
    .orderBy('members.last_active_at', 'desc')
    .orderBy('members.id', 'desc')
    .limit(MATCH_FINDER_POOL);

  const interestIds = [...new Set(answers.interests)];
  const shared =
    interestIds.length === 0
      ? sql<number>`0`
      : sql<number>`(select count(*) from member_interests where member_interests.member_id = pool.id and member_interests.interest_id in (${sql.join(interestIds)}))`;
  const rows = await db
    .selectFrom(pool.as('pool'))
    .selectAll('pool')
    .select(shared.as('shared'))
    .orderBy('shared', 'desc')
    .orderBy('pool.last_active_at', 'desc')
    .orderBy('pool.id', 'desc')
    .limit(PAGE_SIZE)
    .execute();
  // Every result is in the age range and of the sought gender: two answers matched already.
  return rows.map((row) => ({ ...row, score: Number(row.shared) + 2 }));
}
