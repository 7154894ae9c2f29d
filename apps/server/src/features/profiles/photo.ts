import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Invalid } from '../../http/errors.js';
import { MediaRejectedError } from '../../media/errors.js';
import { loadSharp } from '../../media/load-sharp.js';
import { normalizeImage, photoPixelLimits } from '../../media/normalize-image.js';
import type { Storage } from '../../storage/storage.js';

export const AVATAR_SIZE = 512;

/**
 * A profile photo goes through the same normalisation as post images (orientation, every
 * metadata block stripped), then is cropped square and small: avatars are shown at 40-96 px.
 * Decoding happens off the request's thread (libvips, or decode-heif.ts's own process).
 */
export async function storeAvatar(
  storage: Storage,
  userId: string,
  raw: { bytes: Buffer; mime: string },
): Promise<string> {
  const normalized = await normalizeImage(raw.bytes, raw.mime, {
    maxPixels: photoPixelLimits.avatar,
  }).catch((error: unknown) => {
    // Its own code, so the phone says so in the driver's language, not "wrong type".
    if (error instanceof MediaRejectedError && error.code === 'media_too_large') {
      throw Invalid('media_photo_too_large');
    }
    throw error;
  });
  const sharp = await loadSharp();
  const square = await sharp(normalized.data)
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 80, progressive: true })
    .toBuffer();
  const key = `public/avatars/${userId}/${randomUUID()}.jpg`;
  await storage.put(key, Readable.from([square]), 'image/jpeg');
  return key;
}
