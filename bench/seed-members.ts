import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '@server/db/database';
import type { Database } from '@server/db/schema';

/** 16 countries of the demo site, 2 letters each: member n lives in the (n mod 16)-th. */
const COUNTRIES = 'NLBEDEATCHGBIEUSFRITESPLDKFINOSE';
export const BENCH_COUNTRIES = COUNTRIES.match(/../g)!;
/** Every member's password: one argon2 hash for all, so seeding costs one hash, not N. */
export const BENCH_PASSWORD = 'bench member passphrase';
export const benchEmail = (n: number) => `bench${n}@example.com`;
/** Which seeded members a person could log in as and see: no fictional, disabled or invisible. */
export const isLoggable = (n: number) => n % 10 !== 0 && n % 100 !== 1 && n % 97 !== 0;

const CHUNK = 250_000;

/**
 * Seeds `count` members of one site in a few set-based statements (INSERT … SELECT over a
 * number series: generate_series on PostgreSQL, a recursive CTE on SQLite), each with a photo
 * row (no file: the API reads rows), 1,000,000 credits booked in the ledger, and
 * `likesPerMember` likes given to members of the other gender. Member n: gender by parity,
 * 16 countries, ages 19–73, every 10th fictional, 1 % disabled, about 1 % invisible, last
 * activity spread over `count` seconds and not in id order.
 */
export async function seedMembers(
  handle: DatabaseHandle,
  options: { siteId: number; count: number; passwordHash: string; likesPerMember: number },
) {
  const { db, dialect } = handle;
  const { siteId, count, passwordHash } = options;
  if (dialect === 'sqlite') {
    // Only while seeding (this connection closes before the app opens the file).
    await sql`PRAGMA synchronous = OFF`.execute(db);
    await sql`PRAGMA cache_size = -400000`.execute(db);
  }
  for (let start = 1; start <= count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK - 1);
    await insertMembers(db, dialect, { siteId, start, end, count, passwordHash });
  }
  const now = new Date().toISOString();
  await sql`
    INSERT INTO photos (member_id, storage_key, blurred_storage_key, status, position, width,
      height, created_at)
    SELECT id, 'bk' || id, 'bb' || id, 'active', 0, 600, 600, created_at
    FROM members WHERE site_id = ${siteId}`.execute(db);
  await sql`
    INSERT INTO credit_transactions (member_id, amount, balance_after, reason, idempotency_key,
      created_at)
    SELECT id, credits, credits, 'grant', 'bench-grant:' || id, ${now}
    FROM members WHERE site_id = ${siteId}`.execute(db);
  // Odd offsets: the liked member has the other gender (gender alternates with the id).
  for (let k = 0; k < options.likesPerMember; k += 1)
    await sql`
      INSERT INTO likes (liker_id, liked_id, source, created_at, is_new)
      SELECT m.id, other.id, 'member', ${now}, 1
      FROM members m JOIN members other ON other.id = m.id + ${2 * k + 1}
      WHERE m.site_id = ${siteId} AND other.site_id = ${siteId}`.execute(db);
  // As after the first start's seed: statistics for the planner.
  await sql`ANALYZE`.execute(db);
  if (dialect === 'sqlite') await sql`PRAGMA synchronous = FULL`.execute(db);
}

async function insertMembers(
  db: Kysely<Database>,
  dialect: DatabaseHandle['dialect'],
  range: { siteId: number; start: number; end: number; count: number; passwordHash: string },
) {
  const { siteId, start, end, count, passwordHash } = range;
  if (dialect === 'sqlite')
    await sql`
      WITH RECURSIVE seq(n) AS (SELECT CAST(${start} AS INTEGER) UNION ALL SELECT n + 1 FROM seq WHERE n < ${end})
      INSERT INTO members (site_id, email, name, password_hash, date_of_birth, gender, seeking,
        country, region, language, about, status, profile_status, is_fictional, is_invisible,
        paid_user, credits, created_at, last_active_at)
      SELECT ${siteId}, 'bench' || n || '@example.com', 'Bench ' || n, ${passwordHash},
        date('2007-01-01', '-' || ((n * 7) % 20000) || ' days'),
        CASE n % 2 WHEN 0 THEN 'female' ELSE 'male' END,
        CASE n % 2 WHEN 0 THEN 'male' ELSE 'female' END,
        substr(${COUNTRIES}, (n % 16) * 2 + 1, 2), NULL, 'en', '', 'active',
        CASE WHEN n % 100 = 1 THEN 'disabled' ELSE 'enabled' END,
        CASE WHEN n % 10 = 0 THEN 1 ELSE 0 END,
        CASE WHEN n % 97 = 0 THEN 1 ELSE 0 END,
        1, 1000000, '2025-01-01T00:00:00.000Z',
        strftime('%Y-%m-%dT%H:%M:%fZ', '2026-11-01', '-' || ((n * 7919) % ${count}) || ' seconds')
      FROM seq`.execute(db);
  else
    await sql`
      INSERT INTO members (site_id, email, name, password_hash, date_of_birth, gender, seeking,
        country, region, language, about, status, profile_status, is_fictional, is_invisible,
        paid_user, credits, created_at, last_active_at)
      SELECT ${siteId}, 'bench' || n || '@example.com', 'Bench ' || n, ${passwordHash},
        to_char(date '2007-01-01' - ((n * 7) % 20000)::int, 'YYYY-MM-DD'),
        CASE n % 2 WHEN 0 THEN 'female' ELSE 'male' END,
        CASE n % 2 WHEN 0 THEN 'male' ELSE 'female' END,
        substr(${COUNTRIES}, ((n % 16) * 2 + 1)::int, 2), NULL, 'en', '', 'active',
        CASE WHEN n % 100 = 1 THEN 'disabled' ELSE 'enabled' END,
        CASE WHEN n % 10 = 0 THEN 1 ELSE 0 END,
        CASE WHEN n % 97 = 0 THEN 1 ELSE 0 END,
        1, 1000000, '2025-01-01T00:00:00.000Z',
        to_char(timestamp '2026-11-01' - ((n * 7919) % ${count}) * interval '1 second',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      FROM generate_series(${start}::bigint, ${end}::bigint) AS n`.execute(db);
}
