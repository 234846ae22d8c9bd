import { createAvatar } from '@dicebear/core';
import { avataaars } from '@dicebear/collection';
import sharp from 'sharp';
import type { SeededRandom } from './seeded-random';

// Illustrated avatars rendered offline with DiceBear (no photo of a real person, nothing
// fetched at run time), with friendly expressions only.
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

/** A 600 px PNG avatar for one member's photo, the same for the same seed. */
export async function renderDemoAvatar(
  seed: string,
  gender: string,
  random: SeededRandom,
): Promise<Buffer> {
  const female = gender === 'female';
  const svg = createAvatar(avataaars, {
    seed,
    size: 600,
    backgroundColor: [random.pick(BACKGROUNDS)],
    top: [random.pick(female ? LONG_HAIR : SHORT_HAIR)],
    facialHairProbability: female ? 0 : 35,
    accessoriesProbability: 20,
    mouth: ['smile', 'default', 'twinkle'],
    eyes: ['default', 'happy', 'wink', 'squint'],
    eyebrows: ['default', 'defaultNatural', 'raisedExcited', 'upDownNatural'],
  }).toString();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
