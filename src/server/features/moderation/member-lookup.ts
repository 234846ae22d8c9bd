import { sql } from 'kysely';
import type { MemberCard } from '@contract/moderation';
import type { Db } from '@server/db/database';
import { photoFileNames } from '@server/features/photos';
import { mediaUrl } from '@server/storage/photo-storage';

const LOOKUP_LIMIT = 50;

/** Escapes LIKE's wildcards, so a name with % or _ is searched as written. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const memberColumns = [
  'members.id',
  'members.name',
  'members.email',
  'members.status',
  'members.is_fictional',
  'members.created_at',
] as const;

/** Each member's first photo (any status: moderators judge them), as its thumbnail. */
async function firstThumbs(db: Db, memberIds: number[], cdn: string) {
  const thumbs = new Map<number, string>();
  if (memberIds.length === 0) return thumbs;
  const photos = await db
    .selectFrom('photos')
    .select(['member_id', 'storage_key', 'blurred_storage_key'])
    .where('member_id', 'in', memberIds)
    .orderBy('position', 'desc')
    .orderBy('id', 'desc')
    .execute();
  // Ordered last first, so the first photo of each member is the one left in the map.
  for (const photo of photos)
    thumbs.set(
      photo.member_id,
      mediaUrl(cdn, photoFileNames(photo.storage_key, photo.blurred_storage_key).thumb),
    );
  return thumbs;
}

/**
 * Issue 30 item 5: members of one site by id, e-mail (whole address, as stored: lower case)
 * or the start of their name (any case), newest first. Every status: staff look up banned
 * and unconfirmed members too.
 */
export async function lookUpMembers(db: Db, siteId: number, text: string, cdn: string) {
  let query = db
    .selectFrom('members')
    .select(memberColumns)
    .where('members.site_id', '=', siteId)
    .orderBy('members.id', 'desc')
    .limit(LOOKUP_LIMIT);
  if (/^\d{1,10}$/.test(text)) query = query.where('members.id', '=', Number(text));
  else if (text.includes('@')) query = query.where('members.email', '=', text.toLowerCase());
  else
    // ESCAPE spelled out: SQLite has no default escape character for LIKE.
    query = query.where(
      sql<boolean>`lower(members.name) like ${likePrefix(text.toLowerCase())} escape '\\'`,
    );
  const rows = await query.execute();
  const thumbs = await firstThumbs(
    db,
    rows.map((row) => row.id),
    cdn,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    is_fictional: row.is_fictional === 1,
    created_at: row.created_at,
    thumb: thumbs.get(row.id) ?? null,
  }));
}

/** The console's member card, or undefined for no member of this site. */
export async function memberCard(
  db: Db,
  siteId: number,
  memberId: number,
  cdn: string,
): Promise<MemberCard | undefined> {
  const member = await db
    .selectFrom('members')
    .selectAll()
    .where('id', '=', memberId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (!member) return undefined;
  const [photos, reports] = await Promise.all([
    db
      .selectFrom('photos')
      .select(['id', 'storage_key', 'blurred_storage_key', 'status'])
      .where('member_id', '=', memberId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('reported_id', '=', memberId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow(),
  ]);
  const thumbOf = (photo: (typeof photos)[number]) =>
    mediaUrl(cdn, photoFileNames(photo.storage_key, photo.blurred_storage_key).thumb);
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    status: member.status,
    is_fictional: member.is_fictional === 1,
    created_at: member.created_at,
    thumb: photos[0] ? thumbOf(photos[0]) : null,
    date_of_birth: member.date_of_birth,
    country: member.country,
    region: member.region,
    language: member.language,
    about: member.about,
    last_active_at: member.last_active_at,
    ban_reason: member.ban_reason,
    photos: photos.map((photo) => ({ id: photo.id, thumb: thumbOf(photo), status: photo.status })),
    open_reports: Number(reports.count),
  };
}
