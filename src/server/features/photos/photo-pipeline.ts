import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { PhotoStorage } from '@server/storage/photo-storage';

// spec §5/§9 and DESIGN.md §5: every upload is decoded and re-encoded by sharp, auto-rotated,
// stripped of all metadata (EXIF GPS above all) and resized; anything else is refused.
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
// Builds of libvips with an HEVC decoder list .heic among the HEIF input suffixes.
const canDecodeHevc = (sharp.format.heif.input.fileSuffix ?? []).includes('.heic');

export type PhotoRejection =
  'photo_too_large' | 'photo_too_many_pixels' | 'photo_unsupported_format' | 'photo_corrupt';

export class PhotoRejectedError extends Error {
  constructor(readonly code: PhotoRejection) {
    super(code);
    this.name = 'PhotoRejectedError';
  }
}

export interface ProcessedPhoto {
  thumb: Buffer;
  match: Buffer;
  full: Buffer;
  blurredThumb: Buffer;
  blurredMatch: Buffer;
  width: number;
  height: number;
}

/** Recognises the accepted formats by their magic bytes, before any decoder sees the file. */
export function hasAcceptedSignature(input: Buffer): boolean {
  const ascii = (start: number, end: number) => input.subarray(start, end).toString('latin1');
  const isJpeg = input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff;
  const isPng = ascii(0, 8) === '\x89PNG\r\n\x1a\n';
  const isWebp = ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
  const isHeif =
    ascii(4, 8) === 'ftyp' && /^(heic|heix|hevc|heim|heis|mif1|msf1|avif|avis)$/.test(ascii(8, 12));
  return isJpeg || isPng || isWebp || isHeif;
}

async function inspect(input: Buffer) {
  try {
    // limitInputPixels refuses decompression bombs from the header, before decoding pixels.
    return await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS }).metadata();
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw new PhotoRejectedError('photo_too_many_pixels');
    if (/unsupported image format/i.test(message))
      throw new PhotoRejectedError('photo_unsupported_format');
    throw new PhotoRejectedError('photo_corrupt');
  }
}

/** Decodes, checks, rotates and re-encodes one photo into every size the product shows. */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length > MAX_PHOTO_BYTES) throw new PhotoRejectedError('photo_too_large');
  if (!hasAcceptedSignature(input)) throw new PhotoRejectedError('photo_unsupported_format');
  const metadata = await inspect(input);
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new PhotoRejectedError('photo_unsupported_format');
  }
  // sharp's bundled libheif decodes AV1 (AVIF) only; an HEVC-coded HEIC is a format we cannot
  // read here, which the member should hear as such rather than as a damaged file.
  if (metadata.format === 'heif' && metadata.compression === 'hevc' && !canDecodeHevc) {
    throw new PhotoRejectedError('photo_unsupported_format');
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PHOTO_PIXELS) {
    throw new PhotoRejectedError('photo_too_many_pixels');
  }
  try {
    // One decode, auto-rotated by its EXIF orientation; sharp writes no metadata unless told.
    const upright = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .rotate()
      .resize(1200, 1200, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Raw pixels between steps: no intermediate encode or decode.
    const raw = (info: { width: number; height: number; channels: 1 | 2 | 3 | 4 }) => ({
      raw: { width: info.width, height: info.height, channels: info.channels },
    });
    // The square crop (attention-based) is computed once; smaller sizes derive from it.
    const square = await sharp(upright.data, raw(upright.info))
      .resize(600, 600, { fit: 'cover', position: sharp.strategy.attention })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const fromSquare = () => sharp(square.data, raw(square.info));
    const webp = (quality: number) => ({ quality, effort: 2 });
    // Down to a few pixels, blurred, then up again: nothing recognisable survives.
    const tiny = await fromSquare().resize(24, 24).blur(2).png().toBuffer();
    const [thumb, match, full, blurredThumb, blurredMatch] = await Promise.all([
      fromSquare().resize(200, 200).webp(webp(80)).toBuffer(),
      fromSquare().webp(webp(82)).toBuffer(),
      sharp(upright.data, raw(upright.info)).webp(webp(85)).toBuffer(),
      sharp(tiny).resize(200, 200).blur(6).webp(webp(60)).toBuffer(),
      sharp(tiny).resize(600, 600).blur(12).webp(webp(60)).toBuffer(),
    ]);
    return {
      thumb,
      match,
      full,
      blurredThumb,
      blurredMatch,
      width: upright.info.width,
      height: upright.info.height,
    };
  } catch (error) {
    if (error instanceof PhotoRejectedError) throw error;
    throw new PhotoRejectedError('photo_corrupt');
  }
}

const newKey = () => randomBytes(18).toString('base64url');

/** File names of a photo's variants; the one place URLs and storage agree on. */
export function photoFileNames(storageKey: string, blurredStorageKey: string) {
  return {
    thumb: `${storageKey}-thumb.webp`,
    match: `${storageKey}-match.webp`,
    full: `${storageKey}-full.webp`,
    blurredThumb: `${blurredStorageKey}-thumb.webp`,
    blurredMatch: `${blurredStorageKey}-match.webp`,
  };
}

/** Stores every variant under two independent random keys (blurred ones reveal nothing). */
export async function storeProcessedPhoto(storage: PhotoStorage, photo: ProcessedPhoto) {
  const storageKey = newKey();
  const blurredStorageKey = newKey();
  const names = photoFileNames(storageKey, blurredStorageKey);
  await Promise.all([
    storage.put(names.thumb, photo.thumb, 'image/webp'),
    storage.put(names.match, photo.match, 'image/webp'),
    storage.put(names.full, photo.full, 'image/webp'),
    storage.put(names.blurredThumb, photo.blurredThumb, 'image/webp'),
    storage.put(names.blurredMatch, photo.blurredMatch, 'image/webp'),
  ]);
  return { storageKey, blurredStorageKey };
}
