import type { MemberRow } from './schema';

/**
 * A member as the code works with it: read once from its row, with the 0/1 flags as
 * booleans and the JSON column parsed, so no presenter compares with 1 or casts.
 *
 * Without the credit balance: only the ledger's own transactions may trust one they read.
 * Whoever shows or checks a balance reads it (features/credits memberBalance).
 */
export interface Member extends Omit<
  MemberRow,
  | 'is_fictional'
  | 'is_invisible'
  | 'is_demo'
  | 'paid_user'
  | 'notifications_disabled_json'
  | 'credits'
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
  // Converted in place: the row is the query's own fresh object, and copying its 35 columns
  // with rest and spread cost more than the session lookup itself (docs/performance.md).
  // The JSON column stays on the object, unseen through the Member type.
  const member = row as unknown as Member & Pick<MemberRow, 'notifications_disabled_json'>;
  member.is_fictional = row.is_fictional === 1;
  member.is_invisible = row.is_invisible === 1;
  member.is_demo = row.is_demo === 1;
  member.paid_user = row.paid_user === 1;
  member.notifications_disabled = parseReasons(row.notifications_disabled_json);
  // Not carried (see Member). Unset, not deleted, so the object keeps its shape.
  (member as { credits?: number }).credits = undefined;
  return member;
}

function parseReasons(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((reason) => typeof reason === 'string') : [];
  } catch {
    return [];
  }
}
