import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '@server/db/database';
import { insertMember } from '@server/db/members-table';
import type { MemberRow, NewMember, PhotoRow, PhotosTable } from '@server/db/schema';
import { hashPassword } from '@server/features/auth';

let sequence = 0;

/** The password of every member createMember makes, unless the test gives another. */
export const MEMBER_PASSWORD = 'correct horse battery';

export interface MemberOptions extends Partial<NewMember> {
  password?: string;
}

/**
 * The row of an active member who cannot log in (no password): for tests that seed many
 * members at once (one INSERT of many rows). Any column can be overridden.
 */
export function memberValues(siteId: number, columns: Partial<NewMember> = {}): NewMember {
  sequence += 1;
  const now = new Date().toISOString();
  return {
    site_id: siteId,
    email: `member${sequence}-${Date.now()}@example.com`,
    name: `Member ${sequence}`,
    password_hash: null,
    date_of_birth: '1990-05-17',
    gender: 'female',
    seeking: 'male',
    country: 'NL',
    region: 'NH',
    language: 'en',
    about: '',
    status: 'active',
    profile_status: 'enabled',
    created_at: now,
    last_active_at: now,
    ...columns,
  };
}

// Argon2 is slow on purpose (tens of milliseconds, more on a loaded machine); a test file that
// creates dozens of members with the same password needs its hash once, not once per member.
const hashes = new Map<string, Promise<string>>();
const passwordHashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

/** Creates an active member who can log in (with `password`); any column can be overridden. */
export async function createMember(
  db: Db,
  siteId: number,
  options: MemberOptions = {},
): Promise<MemberRow> {
  const { password = MEMBER_PASSWORD, ...columns } = options;
  return insertMember(
    db,
    memberValues(siteId, { password_hash: await passwordHashOf(password), ...columns }),
  );
}

/**
 * A photo row for a member, without files: for tests about who may see or change which
 * photo, where only the stored keys (and so the addresses) matter.
 */
export async function createPhoto(
  db: Db,
  memberId: number,
  options: Partial<Insertable<PhotosTable>> = {},
): Promise<PhotoRow> {
  const key = () => randomBytes(18).toString('base64url');
  return db
    .insertInto('photos')
    .values({
      member_id: memberId,
      storage_key: key(),
      blurred_storage_key: key(),
      status: 'active',
      position: 0,
      width: 600,
      height: 600,
      created_at: new Date().toISOString(),
      ...options,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
