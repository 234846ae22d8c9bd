import type { Db } from '@server/db/database';
import { type Member, SESSION_STATUSES, toMember } from '@server/db/member-record';
import { preparedQuery } from '@server/db/prepared-query';
import { hashToken, newToken } from './tokens';

// spec §9 / DESIGN.md §5: the auth cookie and its session last 30 days.
export const SESSION_DAYS = 30;
export const SESSION_MAX_AGE_SECONDS = SESSION_DAYS * 24 * 60 * 60;

export async function createSession(db: Db, memberId: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      member_id: memberId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000).toISOString(),
    })
    .execute();
  return token;
}

// Asked on every API call of a logged-in member: compiled once (docs/performance.md).
const sessionMemberQuery = preparedQuery((db, tokenHash: string, now: string, siteId: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .selectAll('members')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .where('members.site_id', '=', siteId)
    .where('members.status', 'in', SESSION_STATUSES),
);

/**
 * The member behind a session token, when the session exists, is unexpired and on this site,
 * and the member's status still allows a session (SESSION_STATUSES: a banned, disabled or
 * deleted member is logged out, issue 30 item 5). Read from the database on every call: a
 * logout, password reset, ban or block on any instance, by any process, counts from its
 * commit on (issue 24 item 1; docs/decisions.md).
 */
export async function findSessionMember(
  db: Db,
  token: string,
  siteId: number,
  now = new Date(),
): Promise<Member | undefined> {
  const tokenHash = hashToken(token);
  const [row] = await sessionMemberQuery(db, tokenHash, now.toISOString(), siteId);
  return row && toMember(row);
}

/**
 * The member behind a session token with the token's hash, for a socket that must later ask
 * whether its session still lives without keeping the token itself (issue 9 §4).
 */
export async function findSocketSession(db: Db, token: string, siteId: number) {
  const tokenHash = hashToken(token);
  const [row] = await sessionMemberQuery(db, tokenHash, new Date().toISOString(), siteId);
  return row && { member: toMember(row), tokenHash };
}

/**
 * Which of these session hashes still name a live session of a member whose status allows one:
 * open sockets re-check theirs on every heartbeat, one statement per 500, so a logout or a ban
 * on any instance closes them.
 */
export async function findLiveSessionHashes(
  db: Db,
  tokenHashes: readonly string[],
  now = new Date(),
): Promise<Set<string>> {
  const live = new Set<string>();
  for (let start = 0; start < tokenHashes.length; start += 500) {
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('members', 'members.id', 'sessions.member_id')
      .select('sessions.token_hash')
      .where('sessions.token_hash', 'in', tokenHashes.slice(start, start + 500))
      .where('sessions.expires_at', '>', now.toISOString())
      .where('members.status', 'in', SESSION_STATUSES)
      .execute();
    for (const row of rows) live.add(row.token_hash);
  }
  return live;
}

/** Sessions that just ended: whose they were and their hashes (never the tokens). */
export interface EndedSessions {
  memberId: number;
  tokenHashes: string[];
}

/** Ends one session; says whose it was, so its open sockets can be closed at once. */
export async function deleteSession(db: Db, token: string): Promise<EndedSessions | undefined> {
  const row = await db
    .deleteFrom('sessions')
    .where('token_hash', '=', hashToken(token))
    .returning(['member_id', 'token_hash'])
    .executeTakeFirst();
  return row && { memberId: row.member_id, tokenHashes: [row.token_hash] };
}

/** Revokes every session of a member (password change or reset: DESIGN.md §5). */
export async function deleteAllSessions(db: Db, memberId: number): Promise<EndedSessions> {
  const rows = await db
    .deleteFrom('sessions')
    .where('member_id', '=', memberId)
    .returning('token_hash')
    .execute();
  return { memberId, tokenHashes: rows.map((row) => row.token_hash) };
}
