import type { Sharp, SharpOptions } from 'sharp';
import sharp from 'sharp';
import { MediaRejectedError } from './errors.js';

type HeicDecode = typeof import('heic-decode').default;

/**
 * sharp's prebuilt libvips reads HEIF only with AV1 inside (AVIF): Apple's HEVC-coded HEIC
 * needs libheif with an HEVC decoder, which the wasm build in heic-decode has. Loaded on
 * first use so the API process never pays for the wasm module.
 */
let decoder: Promise<HeicDecode> | null = null;

async function decodeRgba(data: Buffer, maxPixels: number) {
  decoder ??= import('heic-decode').then((m) => m.default);
  const decode = await decoder;
  const images = await decode.all({
    buffer: new Uint8Array(data.buffer, data.byteOffset, data.length),
  });
  try {
    // The first top-level image is the photo; depth maps and thumbnails are not top-level.
    const first = images[0];
    if (!first) throw new Error('HEIF file holds no image');
    // Checked before decoding: the RGBA buffer is allocated at the declared size.
    if (first.width * first.height > maxPixels) {
      throw new MediaRejectedError('media_too_large', 'This photo is too large to process.');
    }
    return await first.decode();
  } finally {
    images.dispose();
  }
}

/**
 * Decodes a HEIC/HEIF photo into a sharp pipeline. libheif applies the file's rotation and
 * mirroring itself, and the raw pixels carry no EXIF, so there is nothing left to orient.
 * AV1-coded HEIF files, which libheif-wasm cannot read, are handed to sharp directly.
 */
export async function heifToSharp(
  data: Buffer,
  options: SharpOptions,
  maxPixels: number,
): Promise<Sharp> {
  let image: Awaited<ReturnType<typeof decodeRgba>>;
  try {
    image = await decodeRgba(data, maxPixels);
  } catch (error) {
    if (error instanceof MediaRejectedError) throw error;
    const viaSharp = sharp(data, options);
    await viaSharp.metadata().catch(() => {
      throw error;
    });
    return viaSharp;
  }
  const { width, height } = image;
  const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return sharp(pixels, { ...options, raw: { width, height, channels: 4 } });
}
