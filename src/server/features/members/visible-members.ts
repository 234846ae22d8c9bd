import { type SelectQueryBuilder, sql } from 'kysely';
import { type Member, VISIBLE_STATUS } from '@server/db/member-record';
import type { Database } from '@server/db/schema';
import { withoutBlocked } from '@server/features/blocks';

/** Who is looking: a site's visitor (memberId null) or one of its members. */
export interface Viewer {
  siteId: number;
  memberId: number | null;
}

/**
 * Who may be seen (issue 24 §2: one spelling of the rule), as a condition on `members` in
 * any query that lists, looks up, messages or replays members: a member of the viewer's
 * site, whose account is active (not yet confirmed, banned, disabled or deleted members are
 * not: issue 30 item 5), activated (profile enabled, spec §3), not in invisible mode
 * (spec §1), and for a
 * member viewer not blocked either way (spec §1, §6). Everything else looks missing, all
 * alike. The viewer themselves is not left out here: lists add that where they need it.
 */
export function visibleMembers<Tables extends keyof Database, Row>(
  query: SelectQueryBuilder<Database, Tables | 'members', Row>,
  { siteId, memberId }: Viewer,
): SelectQueryBuilder<Database, Tables | 'members', Row> {
  // References spelled with sql.ref: the query's other tables are not known here.
  const visible = query
    .where(sql.ref<number>('members.site_id'), '=', siteId)
    .where(sql.ref<string>('members.status'), '=', VISIBLE_STATUS)
    .where(sql.ref<string>('members.profile_status'), '=', 'enabled')
    .where(sql.ref<number>('members.is_invisible'), '=', 0);
  return memberId === null ? visible : withoutBlocked(visible, memberId);
}

/**
 * The account statuses of a member who is gone (deleted, within its 14 days, or erased).
 * Their partner still sees their shared conversation, as "a deleted member" (issue 31 item 7).
 */
export const GONE_STATUSES = ['deleted', 'erased'] as const;

/**
 * The partners of a member's own conversations (issue 31 item 7): whom visibleMembers
 * admits, and besides them members of this site who are gone (GONE_STATUSES), presented
 * without name or photo. Only for the member's own chat history: lists of members, profiles
 * and likes keep visibleMembers.
 */
export function visibleOrGonePartners<Tables extends keyof Database, Row>(
  query: SelectQueryBuilder<Database, Tables | 'members', Row>,
  { siteId, memberId }: { siteId: number; memberId: number },
): SelectQueryBuilder<Database, Tables | 'members', Row> {
  const admitted = query
    .where(sql.ref<number>('members.site_id'), '=', siteId)
    .where(
      sql<boolean>`((members.status = ${VISIBLE_STATUS} and members.profile_status = 'enabled' and members.is_invisible = 0) or members.status in (${sql.join([...GONE_STATUSES])}))`,
    );
  return withoutBlocked(admitted, memberId);
}

/** Whether a member's account is gone (deleted or erased). */
export const isGone = (status: string) => (GONE_STATUSES as readonly string[]).includes(status);

/** Why others cannot see a member (the columns visibleMembers reads), or undefined. */
export function hiddenBecause(
  member: Pick<Member, 'status' | 'profile_status' | 'is_invisible'>,
): 'not_activated' | 'invisible' | undefined {
  if (member.status !== VISIBLE_STATUS || member.profile_status !== 'enabled')
    return 'not_activated';
  if (member.is_invisible) return 'invisible';
  return undefined;
}
