import decode from 'heic-decode';
import sharp from 'sharp';
import type { HeifJob, HeifReply } from './decode-heif.js';
import { limits } from './types.js';

/**
 * The HEIF decoder's own process, started by decode-heif.ts for one photo. libheif's wasm
 * decodes on the thread that calls it, for seconds and hundreds of MB on a large photo: here
 * that blocks no request, the parent can kill it at its time limit, and the memory it took
 * goes back to the system when it exits.
 */
async function run(job: HeifJob): Promise<HeifReply> {
  let images: Awaited<ReturnType<typeof decode.all>>;
  try {
    images = await decode.all({ buffer: job.data });
  } catch {
    return { kind: 'unreadable' };
  }
  try {
    // The first top-level image is the photo; depth maps and thumbnails are not top-level.
    const first = images[0];
    if (!first) return { kind: 'unreadable' };
    // The size the header declares, refused before a single pixel is decoded: a grid of one
    // repeated tile is a few KB whatever size it claims.
    if (first.width * first.height > job.maxPixels) return { kind: 'too_large' };
    const image = await first.decode().catch(() => null);
    if (!image) return { kind: 'unreadable' };
    // Fitted here, so what crosses back to the parent is a screen's worth of pixels.
    const { data, info } = await sharp(image.data, {
      raw: { width: image.width, height: image.height, channels: 4 },
    })
      .resize({
        width: limits.imageMaxWidth,
        height: limits.imageMaxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { kind: 'decoded', width: info.width, height: info.height, pixels: data };
  } finally {
    images.dispose();
  }
}

// The parent is gone: nobody waits for the photo any more.
process.once('disconnect', () => process.exit(1));
process.once('message', (job: HeifJob) => {
  void run(job)
    .catch((error: unknown): HeifReply => ({ kind: 'failed', message: String(error) }))
    .then((reply) => process.send?.(reply));
});
