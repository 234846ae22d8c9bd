import sharp from 'sharp';

export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];
export type IconPurpose = 'any' | 'maskable';

// The heart of the brand mark (src/web/public/favicon.svg), on a 64-unit canvas.
const HEART = 'M32 50s-16-9.6-16-21a9 9 0 0 1 16-5.6A9 9 0 0 1 48 29c0 11.4-16 21-16 21z';

/**
 * The icon as SVG. A maskable icon fills its square (the platform cuts its own shape) and keeps
 * the heart inside the central safe zone of 80 %; the other has the mark's rounded corners.
 */
export function iconSvg(brandColor: string, purpose: IconPurpose): string {
  const background =
    purpose === 'maskable'
      ? `<rect width="64" height="64" fill="${brandColor}"/>`
      : `<rect width="64" height="64" rx="14" fill="${brandColor}"/>`;
  const heart =
    purpose === 'maskable'
      ? `<path d="${HEART}" fill="#fff" transform="translate(6.4 6.4) scale(0.8)"/>`
      : `<path d="${HEART}" fill="#fff"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${background}${heart}</svg>`;
}

// Rendered icons by colour, size and purpose. The key is everything the picture depends on,
// so an entry can never be stale: a site that changes its colour asks for another key.
const rendered = new Map<string, Promise<Buffer>>();
const MAX_KEPT = 256;

/** The site's app icon as PNG, rendered once per colour, size and purpose. */
export function appIconPng(brandColor: string, size: IconSize, purpose: IconPurpose) {
  const key = `${brandColor}:${size}:${purpose}`;
  let png = rendered.get(key);
  if (!png) {
    if (rendered.size >= MAX_KEPT) rendered.clear();
    png = sharp(Buffer.from(iconSvg(brandColor, purpose)), { density: (72 * size) / 64 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
    png.catch(() => rendered.delete(key));
    rendered.set(key, png);
  }
  return png;
}
