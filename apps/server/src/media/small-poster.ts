import { writeFile } from 'node:fs/promises';
import { loadSharp } from './load-sharp.js';
import { limits } from './types.js';

export interface SmallPoster {
  width: number;
  height: number;
  bytes: number;
}

/**
 * Tried in turn until the file fits the budget. A phone frame at 270x480 weighs 5 to 15 KB
 * at 75; only frames as busy as noise need the lower steps (pure noise fits at 30).
 */
const QUALITIES = [75, 60, 45, 30, 15];

/**
 * The feed's poster: the full poster fitted in 480 px on its long side, as WebP, at most
 * 25 KB. Made from the stored JPEG poster (not the video), so the backfill of old posts and
 * new posts share it and neither decodes the video again. WebP only: every browser the app
 * targets decodes it (docs/architecture.md), and the full poster stays JPEG. It reads our own
 * JPEG, so a failure here is this machine's (a retry), never the driver's file.
 */
export async function makeSmallPoster(
  posterPath: string,
  outputPath: string,
): Promise<SmallPoster> {
  const sharp = await loadSharp();
  const { data: pixels, info } = await sharp(posterPath)
    .resize({
      width: limits.smallPosterLongSide,
      height: limits.smallPosterLongSide,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  let data = Buffer.alloc(0);
  for (const quality of QUALITIES) {
    data = await sharp(pixels, raw).webp({ quality, effort: 4 }).toBuffer();
    if (data.length <= limits.smallPosterMaxBytes) break;
  }
  await writeFile(outputPath, data);
  return { width: info.width, height: info.height, bytes: data.length };
}
