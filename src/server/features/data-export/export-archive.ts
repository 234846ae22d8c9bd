import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Db } from '@server/db/database';
import type { Member } from '@server/db/member-record';
import { serverT } from '@server/i18n/server-texts';
import type { PhotoStorage } from '@server/storage/photo-storage';
import { accountParts } from './export-account';
import { activityParts } from './export-activity';
import { photosPart, profilePart } from './export-profile';

// The ZIP of an export (issue 31 item 8): a JSON file per part, the photo files, and a
// README.txt in the member's language saying what each file holds. Built in memory: a
// member's data is a few megabytes of photos at most (8 photos, chat photos they sent).

/** The JSON files, in the order the README lists them. */
export const EXPORT_PARTS = [
  'profile',
  'photos',
  'likes',
  'messages',
  'blocks',
  'payments',
  'credits',
  'direct-debit',
  'consents',
  'sessions',
] as const;

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

export async function buildExportArchive(
  db: Db,
  photoStorage: PhotoStorage,
  member: Member,
  now: Date,
): Promise<Uint8Array> {
  const [profile, photos, activity, account] = await Promise.all([
    profilePart(db, member),
    photosPart(db, member.id),
    activityParts(db, member),
    accountParts(db, member.id),
  ]);
  const parts: Record<(typeof EXPORT_PARTS)[number], unknown> = {
    profile,
    photos: photos.json,
    likes: activity.likes,
    messages: activity.messages,
    blocks: activity.blocks,
    payments: account.payments,
    credits: account.credits,
    'direct-debit': account.directDebit,
    consents: account.consents,
    sessions: account.sessions,
  };
  const files: Zippable = { 'README.txt': strToU8(readme(member, now)) };
  for (const part of EXPORT_PARTS) files[`${part}.json`] = json(parts[part]);
  for (const file of photos.files) {
    const bytes = await photoStorage.get(file.storageName);
    // A photo whose file is gone (removed by moderation mid-way) is listed, not invented.
    if (bytes) files[file.path] = [new Uint8Array(bytes), { level: 0 }];
  }
  return zipSync(files, { level: 6, mtime: now });
}

function readme(member: Member, now: Date): string {
  const t = serverT(member.language, 'data-export');
  const lines = [
    t('readme.title', { name: member.name }),
    t('readme.made', { date: now.toISOString().slice(0, 10) }),
    '',
    ...EXPORT_PARTS.map((part) => `${part}.json: ${t(`readme.parts.${part}`)}`),
    `photos/: ${t('readme.photoFiles')}`,
    '',
    t('readme.others'),
    t('readme.format'),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
