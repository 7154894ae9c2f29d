import { readFile } from 'node:fs/promises';
import type { Sharp, SharpOptions } from 'sharp';
import { heifToSharp } from './decode-heif.js';
import { MediaRejectedError } from './errors.js';
import { loadSharp } from './load-sharp.js';
import { postImageTypes } from '@saathi/contract';
import { heifTypes, limits } from './types.js';

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
 * The most pixels a photo's header may declare, refused before decoding. Phone cameras
 * write up to 200 MP (India's 108 and 200 MP phones); libvips reads JPEG, PNG, WebP and GIF
 * off the JS thread, streaming and shrinking as it loads, so those cost under a second and
 * 150 MB even at 200 MP. HEIF is decoded whole by libheif's wasm (decode-heif.ts), about
 * 14 MB and 0.1 s a megapixel: 50 MP covers the 48 MP iPhone and 50 MP Android cameras.
 */
export const photoPixelLimits = {
  post: 200_000_000,
  heif: 50_000_000,
  /** Profile and ID-card photos are shown at 512 px at most. */
  avatar: 50_000_000,
} as const;

export interface NormalizeOptions {
  /** The most pixels accepted; HEIF never more than `photoPixelLimits.heif`. */
  maxPixels?: number;
  /** CPU time limit of the HEIF decoder's process (decode-heif.ts `heifLimits.cpuMs`). */
  heifCpuLimitMs?: number;
}

const inputOptions = (maxPixels: number): SharpOptions => ({
  // Warnings (extra bytes after a JPEG's end, odd markers) are common in phone photos and
  // harmless; only real decode errors refuse the file.
  failOn: 'error',
  limitInputPixels: maxPixels,
  // GIF and WebP animations: the first frame only. A JPEG still is what the photo feed can
  // show everywhere; an animation belongs in the video pipeline.
  animated: false,
  autoOrient: true,
});

/**
 * Makes an uploaded photo safe and light to serve: turned upright from EXIF orientation,
 * every piece of metadata removed (EXIF with GPS position, XMP, IPTC; colour converted to
 * sRGB so the ICC profile can go too), fitted inside 1080x1920 without enlarging, and
 * encoded as progressive JPEG so a slow connection shows the whole picture early.
 */
export async function normalizeImage(
  input: Buffer | string,
  mime: string,
  { maxPixels = photoPixelLimits.post, heifCpuLimitMs }: NormalizeOptions = {},
): Promise<NormalizedImage> {
  if (!(postImageTypes as readonly string[]).includes(mime)) {
    throw new MediaRejectedError('media_image_unsupported', 'This type of photo is not supported.');
  }
  try {
    let pipeline: Sharp;
    if (heifTypes.includes(mime)) {
      const data = typeof input === 'string' ? await readFile(input) : input;
      const heifPixels = Math.min(maxPixels, photoPixelLimits.heif);
      pipeline = await heifToSharp(data, inputOptions(heifPixels), heifPixels, heifCpuLimitMs);
    } else {
      const sharp = await loadSharp();
      pipeline = sharp(input, inputOptions(maxPixels));
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
