import { createAvatar } from '@dicebear/core';
import { avataaars } from '@dicebear/collection';
import sharp from 'sharp';
import { seededRandom } from './seeded-random';

// Illustrated avatars rendered offline with DiceBear (no photo of a real person, nothing
// fetched at run time), with friendly expressions only.
//
// Every photo of one demo member shows the same person (issue 25 item 8): the face, skin,
// hair, beard and glasses come from the member alone; a photo varies only what differs
// between two pictures of one person: the background, the clothes, the expression and the
// framing (mirrored, closer, tilted).
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c9f2d8'];
const LONG_HAIR = [
  'bigHair',
  'bob',
  'bun',
  'curly',
  'curvy',
  'longButNotTooLong',
  'miaWallace',
  'straight01',
  'straight02',
  'straightAndStrand',
  'frida',
  'fro',
] as const;
const SHORT_HAIR = [
  'shortCurly',
  'shortFlat',
  'shortRound',
  'shortWaved',
  'sides',
  'theCaesar',
  'theCaesarAndSidePart',
  'shaggy',
  'frizzle',
  'dreads01',
] as const;
// Human skin and hair tones only (the style's yellow and orange skins read as cartoons).
const SKIN = ['614335', 'ae5d29', 'd08b5b', 'edb98a', 'ffdbb4'];
// The drawn hair has the colour the profile states (its hair_color attribute), as a reader
// names it (issue 29 item 19): the style's auburn reads red, not brown; its dark "blonde"
// reads brown and is left out; its platinum reads blonde, not grey.
export const HAIR: Record<string, readonly string[]> = {
  black: ['2c1b18'],
  brown: ['4a312c', '724133'],
  blonde: ['d6b370', 'ecdcbf'],
  red: ['c93305', 'a55728'],
  grey: ['e8e1e1'],
  other: ['f59797'],
};
const GLASSES = ['prescription01', 'prescription02', 'round', 'kurt'] as const;
const BEARDS = ['beardLight', 'beardMedium', 'beardMajestic', 'moustacheFancy'] as const;
const CLOTHING = [
  'blazerAndShirt',
  'blazerAndSweater',
  'collarAndSweater',
  'hoodie',
  'overall',
  'shirtCrewNeck',
  'shirtScoopNeck',
  'shirtVNeck',
] as const;
const CLOTHES_COLOURS = [
  '262e33',
  '3c4f5c',
  '65c9ff',
  '5199e4',
  '25557c',
  'ff488e',
  'ff5c5c',
  'a7ffc4',
  'ffffb1',
  'e6e6e6',
];
const MOUTHS = ['smile', 'default', 'twinkle'] as const;
const EYES = ['default', 'happy', 'wink', 'squint'] as const;
const EYEBROWS = ['default', 'defaultNatural', 'raisedExcited', 'upDownNatural'] as const;
// The framing of the 1st, 2nd, 3rd and 4th photo: as taken, mirrored and closer, tilted.
const FRAMINGS = [
  { flip: false, scale: 100, rotate: 0, translateY: 0 },
  { flip: true, scale: 112, rotate: 0, translateY: 6 },
  { flip: false, scale: 104, rotate: -5, translateY: 2 },
  { flip: true, scale: 96, rotate: 4, translateY: -2 },
];

export interface DemoPerson {
  /** The same number for every photo of one member. */
  seed: number;
  gender: string;
  /** The profile's hair_color (PROFILE_OPTIONS), or null when it states none. */
  hairColor: string | null;
}

/** Who a member is, drawn from the member's seed alone. */
function personOf({ seed, gender, hairColor }: DemoPerson) {
  const random = seededRandom(seed);
  const female = gender === 'female';
  const beard = !female && random.chance(0.4);
  return {
    top: random.pick(female ? LONG_HAIR : SHORT_HAIR),
    skin: random.pick(SKIN),
    hair: random.pick(HAIR[hairColor ?? 'brown'] ?? HAIR.brown!),
    glasses: random.chance(0.25) ? random.pick(GLASSES) : null,
    beard: beard ? random.pick(BEARDS) : null,
    firstBackground: random.int(0, BACKGROUNDS.length - 1),
  };
}

/** The drawing of the member's photo at `position` (0 is the main photo). */
export function demoPhotoOptions(person: DemoPerson, position: number) {
  const who = personOf(person);
  const shot = seededRandom(person.seed * 31 + position + 1);
  const framing = FRAMINGS[position % FRAMINGS.length]!;
  return {
    seed: String(person.seed),
    size: 600,
    ...framing,
    backgroundColor: [BACKGROUNDS[(who.firstBackground + position) % BACKGROUNDS.length]!],
    top: [who.top],
    topProbability: 100,
    hairColor: [who.hair],
    skinColor: [who.skin],
    facialHair: who.beard ? [who.beard] : [],
    facialHairColor: [who.hair],
    facialHairProbability: who.beard ? 100 : 0,
    accessories: who.glasses ? [who.glasses] : [],
    accessoriesColor: ['262e33'],
    accessoriesProbability: who.glasses ? 100 : 0,
    clothing: [shot.pick(CLOTHING)],
    clothesColor: [shot.pick(CLOTHES_COLOURS)],
    mouth: [shot.pick(MOUTHS)],
    eyes: [shot.pick(EYES)],
    eyebrows: [shot.pick(EYEBROWS)],
  };
}

/** A 600 px PNG of that photo, the same for the same member and position. */
export async function renderDemoPhoto(person: DemoPerson, position: number): Promise<Buffer> {
  const svg = createAvatar(avataaars, demoPhotoOptions(person, position)).toString();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
