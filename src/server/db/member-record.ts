import type { MemberRow } from './schema';

/**
 * A member as the code works with it: read once from its row, with the 0/1 flags as
 * booleans and the JSON column parsed, so no presenter compares with 1 or casts.
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

function parseReasons(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((reason) => typeof reason === 'string') : [];
  } catch {
    return [];
  }
}
