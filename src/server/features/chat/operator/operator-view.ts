import { ageFromDateOfBirth } from '@contract/members';
import type { Locale } from '@contract/locales';
import type { OperatorConversation } from '@contract/operator-inbox';
import { operatorInboxRoutes } from '@contract/api-routes/operator-inbox';
import type { GiftId } from '@contract/chat';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import type { MessageRow } from '@server/db/tables/chat-tables';
import { presentMainImage } from '@server/features/photos';
import type { InboxConversation } from './inbox-conversation';

/** The whole conversation, up to its most recent messages this many. */
const HISTORY = 300;

async function mainPhotoOf(db: Db, memberId: number, cdnPrefix: string) {
  const photo = await db
    .selectFrom('photos')
    .select(['storage_key', 'blurred_storage_key', 'status'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  return presentMainImage(cdnPrefix, photo)?.thumb_filename ?? null;
}

/**
 * A member as an operator sees them (issue 30 item 3): the public profile only. No e-mail,
 * birth date (the age instead), place finer than the region, payments or address.
 */
async function publicProfile(db: Db, member: Member, cdnPrefix: string) {
  return {
    id: member.id,
    name: member.name,
    age: ageFromDateOfBirth(member.date_of_birth),
    gender: member.gender,
    country: member.country,
    region: member.region,
    about: member.about,
    language: member.language as Locale,
    photo: await mainPhotoOf(db, member.id, cdnPrefix),
  };
}

export const operatorPhotoUrl = (messageId: number) =>
  `${operatorInboxRoutes.photo.path}?message=${messageId}`;

export function presentOperatorMessage(row: MessageRow, profileId: number) {
  const fromMember = row.sender_id !== profileId;
  return {
    id: row.id,
    from: fromMember ? ('member' as const) : ('profile' as const),
    kind: row.kind,
    text: row.text,
    gift_id: row.gift_id as GiftId | null,
    // As the member sent it: the operator sees the picture whatever the profile "chose".
    photo_url: row.kind === 'photo' && fromMember ? operatorPhotoUrl(row.id) : null,
    sent_at: row.created_at,
    waiting: row.operator_state === 'waiting',
  };
}

export async function operatorConversation(
  db: Db,
  conversation: InboxConversation,
  cdnPrefix: string,
): Promise<Omit<OperatorConversation, 'claim'>> {
  const { profile, member } = conversation;
  const [rows, note, memberProfile, profileSheet] = await Promise.all([
    db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', conversation.id)
      .orderBy('id', 'desc')
      .limit(HISTORY)
      .execute(),
    db
      .selectFrom('operator_notes')
      .innerJoin('staff', 'staff.id', 'operator_notes.updated_by')
      .select(['operator_notes.text', 'operator_notes.updated_at', 'staff.name'])
      .where('operator_notes.profile_id', '=', profile.id)
      .where('operator_notes.member_id', '=', member.id)
      .executeTakeFirst(),
    publicProfile(db, member, cdnPrefix),
    publicProfile(db, profile, cdnPrefix),
  ]);
  return {
    conversation: conversation.id,
    profile: {
      ...profileSheet,
      seeking: profile.seeking,
      relationship_status: profile.relationship_status,
      body_type: profile.body_type,
      hair_color: profile.hair_color,
      eye_color: profile.eye_color,
    },
    member: memberProfile,
    messages: rows.reverse().map((row) => presentOperatorMessage(row, profile.id)),
    note: note ? { text: note.text, updated_at: note.updated_at, updated_by: note.name } : null,
  };
}
