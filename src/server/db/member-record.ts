import type { MemberRow } from './schema';

/**
 * The account statuses whose sessions work: a new member who has not yet proved their address
 * (spec §3 not_confirmed) and an active one. Any other status (banned, disabled, deleted, or one
 * added later) ends the member's sessions from the next request on (issue 30 item 5): an allow
 * list, so a status nobody thought of here locks out rather than lets in.
 */
export const SESSION_STATUSES = ['not_confirmed', 'active'] as const;

/** The one account status whose member others may see (with the profile rules: visibleMembers). */
export const VISIBLE_STATUS = 'active';

/**
 * A member as the code works with it: read once from its row, with the 0/1 flags as
 * booleans and the JSON column parsed, so no presenter compares with 1 or casts.
 *
 * `credits` is the balance as read with the member (for a logged-in member: at this request's
 * session lookup), good for showing it. A step that checks or spends a balance does so inside
 * the ledger's transaction, under the member's row lock (features/credits bookCredits).
 */
export interface Member extends Omit<
  MemberRow,
  'is_fictional' | 'is_invisible' | 'is_demo' | 'paid_user' | 'notifications_disabled_json'
> {
  is_fictional: boolean;
  is_invisible: boolean;
  is_demo: boolean;
  /** Premium: made a first purchase (spec §1). The one place that says who is premium. */
  paid_user: boolean;
  /** Why e-mail is disabled: fbl, bounce, listunsubscribe (spec §8). */
  notifications_disabled: string[];
}

export function toMember(row: MemberRow): Member {
  const {
    is_fictional,
    is_invisible,
    is_demo,
    paid_user,
    notifications_disabled_json,
    ...columns
  } = row;
  return {
    ...columns,
    is_fictional: is_fictional === 1,
    is_invisible: is_invisible === 1,
    is_demo: is_demo === 1,
    paid_user: paid_user === 1,
    notifications_disabled: parseReasons(notifications_disabled_json),
  };
}

/** The reasons in `notifications_disabled_json`; anything unreadable is none. */
export function parseReasons(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((reason) => typeof reason === 'string') : [];
  } catch {
    return [];
  }
}
