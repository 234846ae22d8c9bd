import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, PhotoRejectedError, processPhoto } from './photo-pipeline';

/** A 300×200 JPEG carrying EXIF orientation 6 (rotate 90°), GPS and a camera model. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#c04080' } })
    .withExif({
      IFD0: { Model: 'Secret Camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 22/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

async function rejection(input: Buffer): Promise<string> {
  try {
    await processPhoto(input);
    return 'accepted';
  } catch (error) {
    return error instanceof PhotoRejectedError ? error.code : `unexpected ${String(error)}`;
  }
}

describe('processPhoto', () => {
  it('rotates by EXIF orientation and strips every piece of metadata', async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const photo = await processPhoto(input);
    for (const variant of [
      photo.thumb,
      photo.match,
      photo.full,
      photo.blurredThumb,
      photo.blurredMatch,
    ]) {
      const metadata = await sharp(variant).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(variant.includes(Buffer.from('Secret Camera'))).toBe(false);
    }
    // Orientation 6 turns the 300×200 landscape into a 200×300 portrait.
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 200, height: 300 });
    expect(await sharp(photo.thumb).metadata()).toMatchObject({ width: 200, height: 200 });
    expect(await sharp(photo.match).metadata()).toMatchObject({ width: 600, height: 600 });
  });

  it('accepts PNG, WebP and AVIF', async () => {
    const png = await sharp({
      create: { width: 50, height: 50, channels: 4, background: '#00ff0080' },
    })
      .png()
      .toBuffer();
    const webp = await sharp({
      create: { width: 50, height: 50, channels: 3, background: '#0000ff' },
    })
      .webp()
      .toBuffer();
    expect(await rejection(png)).toBe('accepted');
    expect(await rejection(webp)).toBe('accepted');
    // HEIF with AV1 (AVIF) is what sharp's bundled libheif decodes.
    const avif = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#f80' } })
      .avif()
      .toBuffer();
    expect(await rejection(avif)).toBe('accepted');
  });

  it('blurs the blurred variants beyond recognition', async () => {
    const stripes = await sharp({
      create: { width: 600, height: 600, channels: 3, background: '#000000' },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect x="0" width="300" height="600" fill="#fff"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const photo = await processPhoto(stripes);
    const stats = await sharp(photo.blurredMatch).stats();
    const sharpStats = await sharp(photo.match).stats();
    // The original has hard black and white; the blurred one keeps no hard edges.
    expect(sharpStats.channels[0]!.stdev).toBeGreaterThan(100);
    const { data } = await sharp(photo.blurredMatch).raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs(data[300 * 3]! - data[299 * 3]!)).toBeLessThan(20);
    expect(stats.channels[0]!.stdev).toBeLessThan(sharpStats.channels[0]!.stdev);
  });

  it('refuses an SVG (it could carry a script), a GIF, random bytes and a fake extension', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect(await rejection(svg)).toBe('photo_unsupported_format');
    expect(await rejection(gif)).toBe('photo_unsupported_format');
    expect(await rejection(Buffer.from('this is a text file named photo.jpg'))).toBe(
      'photo_unsupported_format',
    );
    const truncated = (await jpegWithGps()).subarray(0, 400);
    expect(await rejection(truncated)).toBe('photo_corrupt');
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    expect(await rejection(bomb)).toBe('photo_too_many_pixels');
  });

  it('refuses a file over the byte bound', async () => {
    expect(await rejection(Buffer.alloc(MAX_PHOTO_BYTES + 1))).toBe('photo_too_large');
  });
});
