import type sharp from 'sharp';
import { MAX_PICTURE_PIXELS, MAX_PICTURE_SIDE, PICTURE_FORMATS, type PictureFormat } from './domain/picture';

let library: Promise<typeof sharp> | null = null;

/**
 * libvips, loaded with the first picture the shop reads or sizes rather than at start: a shop that is not
 * handling pictures does not hold its 20 MB.
 */
function images(): Promise<typeof sharp> {
  library ??= import('sharp').then(({ default: loaded }) => {
    // One picture at a time is plenty for a shop's uploads, and libvips' cache would only hold memory.
    loaded.cache(false);
    return loaded;
  });
  return library;
}

export class UnsupportedPicture extends Error {
  override readonly name = 'UnsupportedPicture';
}

export class PictureTooLarge extends Error {
  override readonly name = 'PictureTooLarge';
}

/**
 * What the bytes are, read from the bytes: PNG, JPEG or WebP and their size in pixels (after the camera's
 * rotation). Anything else (another format, a broken file, a text renamed `.png`) is an UnsupportedPicture; a
 * picture of more than MAX_PICTURE_PIXELS is PictureTooLarge, found before its pixels are decoded.
 */
export async function inspectPicture(bytes: Buffer): Promise<{ format: PictureFormat; width: number; height: number }> {
  const sharp = await images();
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedPicture('not an image');
  }
  const format = metadata.format as string | undefined;
  if (format === undefined || !(PICTURE_FORMATS as readonly string[]).includes(format)) throw new UnsupportedPicture(`format ${format}`);
  const rotated = (metadata.orientation ?? 1) >= 5;
  const width = rotated ? metadata.height : metadata.width;
  const height = rotated ? metadata.width : metadata.height;
  if (!width || !height) throw new UnsupportedPicture('no size');
  if (width * height > MAX_PICTURE_PIXELS || Math.max(width, height) > MAX_PICTURE_SIDE) throw new PictureTooLarge(`${width}x${height}`);
  // The whole file decodes (a truncated or corrupt one is refused now, not when a size is made from it).
  try {
    await sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' }).stats();
  } catch {
    throw new UnsupportedPicture('does not decode');
  }
  return { format: format as PictureFormat, width, height };
}

/**
 * One served size: turned upright as the camera meant, at most `width` pixels wide (never enlarged), as
 * WebP. The camera's metadata (place, device) is left behind: only pixels reach the shop's visitors.
 */
export async function renderPictureVariant(bytes: Buffer, width: number): Promise<{ data: Buffer; width: number; height: number }> {
  const sharp = await images();
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 82, effort: 4 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
