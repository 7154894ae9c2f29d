import { readFile } from 'node:fs/promises';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { heifToSharp } from './decode-heif.js';
import { MediaRejectedError } from './errors.js';
import { heifTypes, limits, postImageTypes } from './types.js';

/** What normalizeImage may produce; callers pick the file extension from it. */
export type NormalizedImageMime = 'image/jpeg' | 'image/webp' | 'image/png';

export interface NormalizedImage {
  data: Buffer;
  /**
   * Always JPEG for now. WebP would save ~25%, but Android 4.x's stock browser and WebView
   * show no WebP with transparency or animation, and some old in-app browsers none at all;
   * every phone decodes baseline/progressive JPEG.
   */
  mime: NormalizedImageMime;
  width: number;
  height: number;
}

const damagedImage = () =>
  new MediaRejectedError('media_image_damaged', 'The photo could not be read. It may be damaged.');

/**
 * Phone photos hold up to 200 MP; past that a small file can still declare a frame whose
 * decoding would take gigabytes.
 */
const MAX_INPUT_PIXELS = 200_000_000;

const inputOptions: SharpOptions = {
  // Warnings (extra bytes after a JPEG's end, odd markers) are common in phone photos and
  // harmless; only real decode errors refuse the file.
  failOn: 'error',
  limitInputPixels: MAX_INPUT_PIXELS,
  // GIF and WebP animations: the first frame only. A JPEG still is what the photo feed can
  // show everywhere; an animation belongs in the video pipeline.
  animated: false,
  autoOrient: true,
};

/**
 * Makes an uploaded photo safe and light to serve: turned upright from EXIF orientation,
 * every piece of metadata removed (EXIF with GPS position, XMP, IPTC; colour converted to
 * sRGB so the ICC profile can go too), fitted inside 1080x1920 without enlarging, and
 * encoded as progressive JPEG so a slow connection shows the whole picture early.
 */
export async function normalizeImage(
  input: Buffer | string,
  mime: string,
): Promise<NormalizedImage> {
  if (!(postImageTypes as readonly string[]).includes(mime)) {
    throw new MediaRejectedError('media_image_unsupported', 'This type of photo is not supported.');
  }
  try {
    let pipeline: Sharp;
    if (heifTypes.includes(mime)) {
      const data = typeof input === 'string' ? await readFile(input) : input;
      pipeline = await heifToSharp(data, inputOptions, MAX_INPUT_PIXELS);
    } else {
      pipeline = sharp(input, inputOptions);
    }
    const { data, info } = await pipeline
      .resize({
        width: limits.imageMaxWidth,
        height: limits.imageMaxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      })
      // JPEG has no transparency: transparent areas of a PNG or WebP become white, not black.
      .flatten({ background: '#ffffff' })
      // sharp writes no metadata unless asked and converts to sRGB by default; stated here
      // so a later edit that adds keepMetadata() has to remove this line on purpose.
      .toColourspace('srgb')
      .jpeg({ quality: 80, progressive: true, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, mime: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof MediaRejectedError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new MediaRejectedError('media_too_large', 'This photo is too large to process.', {
        cause: error,
      });
    }
    // Node's own errors (file missing, no memory) are ours, not the driver's.
    if (error instanceof Error && 'code' in error && typeof error.code === 'string') throw error;
    throw new MediaRejectedError(damagedImage().code, damagedImage().message, { cause: error });
  }
}
