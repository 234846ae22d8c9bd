import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { photoFileNames, privatePhotoFileName } from '@server/features/photos';

// profile.json and photos.json of an export (issue 31 item 8): the member's own record,
// everything but the password hash, which is a secret of the site's, not data about them.

/** The member's own profile and settings, as stored. */
export async function profilePart(db: Db, member: Member) {
  const { password_hash: _secret, ...record } = member;
  const [interests, matchFinder, spendingCap] = await Promise.all([
    db
      .selectFrom('member_interests')
      .innerJoin('interests', 'interests.id', 'member_interests.interest_id')
      .select('interests.key')
      .where('member_interests.member_id', '=', member.id)
      .orderBy('interests.position')
      .execute(),
    db
      .selectFrom('match_finder_answers')
      .select(['answers_json', 'updated_at'])
      .where('member_id', '=', member.id)
      .executeTakeFirst(),
    db
      .selectFrom('spending_caps')
      .selectAll()
      .where('member_id', '=', member.id)
      .executeTakeFirst(),
  ]);
  return {
    ...record,
    interests: interests.map((row) => row.key),
    match_finder_answers: matchFinder
      ? {
          answers: JSON.parse(matchFinder.answers_json) as unknown,
          updated_at: matchFinder.updated_at,
        }
      : null,
    spending_cap: spendingCap ?? null,
  };
}

/** A file to put in the ZIP: its path there, and where its bytes are in photo storage. */
export interface ExportedFile {
  path: string;
  storageName: string;
}

/** The member's profile photos (the largest size kept; the original is not stored) and the photos they sent in chats. */
export async function photosPart(db: Db, memberId: number) {
  const [photos, chatPhotos] = await Promise.all([
    db
      .selectFrom('photos')
      .select([
        'id',
        'storage_key',
        'blurred_storage_key',
        'status',
        'position',
        'width',
        'height',
        'created_at',
      ])
      .where('member_id', '=', memberId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('messages')
      .select(['id', 'photo_storage_key', 'created_at'])
      .where('sender_id', '=', memberId)
      .where('kind', '=', 'photo')
      .where('photo_storage_key', 'is not', null)
      .orderBy('id')
      .execute(),
  ]);
  const files: ExportedFile[] = [];
  const profilePhotos = photos.map((photo) => {
    const path = `photos/profile-${photo.id}.webp`;
    files.push({
      path,
      storageName: photoFileNames(photo.storage_key, photo.blurred_storage_key).full,
    });
    return {
      id: photo.id,
      file: path,
      status: photo.status,
      position: photo.position,
      width: photo.width,
      height: photo.height,
      created_at: photo.created_at,
    };
  });
  const sentInChats = chatPhotos.map((message) => {
    const path = `photos/chat-${message.id}.webp`;
    files.push({ path, storageName: privatePhotoFileName(message.photo_storage_key!, 'full') });
    return { message_id: message.id, file: path, created_at: message.created_at };
  });
  return { json: { profile_photos: profilePhotos, sent_in_chats: sentInChats }, files };
}
